import type { BudgetRun, InstanceResult } from "../../src/eval/result-types.js";
import {
  languagesOf,
  repositoriesOf,
  summarize,
  type GoldView,
  type RecallSummary,
} from "../../src/eval/summarize.js";
import { percentileOf } from "../../src/eval/percentile.js";
import type { BudgetRow, GroupRow, RepositoryRow } from "./render-table.js";

// The per-repository table is at the reference budget when it was run.
export const REPOSITORY_BUDGET = 13_000;

export interface Report {
  instances: number;
  failed: number;
  wallMs: number;
  peakMemory: { heapUsedMb: number; maxRssMb: number };
  /** Instances with a gold file in BM25's top 20 (any, and every one). */
  bm25GoldInTop20: { any: number; all: number };
  summary: BudgetRow[];
  /** The same on the code-only gold (instances with a gold file that is source code). */
  codeSummary: BudgetRow[];
  /** The same on the gold people wrote (gold files a build or another project wrote left out). */
  writtenSummary: BudgetRow[];
  /** Instances with a gold file ranking sets aside, and such gold files in all. */
  goldSetAside: { instances: number; files: number };
  /** Per language and per repository, every budget, in every view. */
  groups: Record<GoldView, { language: GroupRow[]; repository: GroupRow[] }>;
  repositoryBudget: number;
  byRepository: RepositoryRow[];
  /** All 0 when the measurement itself is sound (see `shownLines`, `checkAgainstPieces`). */
  consistency: {
    mismatchedLines: number;
    linesOutsidePieces: number;
    fullPieceLinesNotShown: number;
    overBudget: number;
  };
}

/**
 * Everything the tables show, computed from the per-instance results (failed
 * instances are counted but left out of every figure).
 */
export function buildReport(
  results: readonly InstanceResult[],
  budgets: readonly number[],
  wallMs: number,
  peakMemory: Report["peakMemory"],
): Report {
  const ok = results.filter((r) => !r.error);
  const repositoryBudget = budgets.includes(REPOSITORY_BUDGET)
    ? REPOSITORY_BUDGET
    : (budgets[0] as number);
  const recall = (
    of: readonly InstanceResult[],
    budget: number,
    view: GoldView = "all",
  ): Record<"askcode" | "bm25" | "bm25Stop", RecallSummary> => ({
    askcode: summarize(of, "askcode", budget, view),
    bm25: summarize(of, "bm25", budget, view),
    bm25Stop: summarize(of, "bm25Stop", budget, view),
  });
  const groupRows = (
    names: string[],
    member: (r: InstanceResult, name: string) => boolean,
    view: GoldView,
  ): GroupRow[] =>
    names.sort().map((name) => {
      const of = results.filter((r) => member(r, name));
      const done = of.filter((r) => !r.error);
      return {
        name,
        indexMsP50: percentileOf(
          done.map((r) => r.timings.indexMs),
          50,
        ),
        heapPeakMbMax: percentileOf(
          done.map((r) => r.memory.heapPeakMb),
          100,
        ),
        byBudget: budgets.map((budget) => {
          const { askcode, bm25 } = recall(of, budget, view);
          return { budget, askcode, bm25 };
        }),
      };
    });
  const groups = (view: GoldView) => ({
    language: groupRows(
      languagesOf(results),
      (r, name) => r.language === name,
      view,
    ),
    repository: groupRows(
      repositoriesOf(results),
      (r, name) => r.repo === name,
      view,
    ),
  });
  const runs: BudgetRun[] = ok.flatMap((r) => r.budgets);
  const sum = (f: (run: BudgetRun) => number): number =>
    runs.reduce((n, run) => n + f(run), 0);
  return {
    instances: results.length,
    failed: results.length - ok.length,
    wallMs,
    peakMemory,
    bm25GoldInTop20: {
      any: share(ok.filter((r) => r.goldInTop20 > 0).length, ok.length),
      all: share(
        ok.filter((r) => r.goldInTop20 === r.gold.files.length).length,
        ok.length,
      ),
    },
    summary: budgets.map((budget) => ({ budget, ...recall(results, budget) })),
    codeSummary: budgets.map((budget) => ({
      budget,
      ...recall(results, budget, "code"),
    })),
    writtenSummary: budgets.map((budget) => ({
      budget,
      ...recall(results, budget, "written"),
    })),
    goldSetAside: {
      instances: ok.filter((r) => r.gold.setAside).length,
      files: ok.reduce(
        (n, r) => n + Object.keys(r.gold.setAside ?? {}).length,
        0,
      ),
    },
    groups: {
      all: groups("all"),
      code: groups("code"),
      written: groups("written"),
    },
    repositoryBudget,
    byRepository: repositoriesOf(results)
      .sort()
      .map((repo) => {
        const { askcode, bm25 } = recall(
          results.filter((r) => r.repo === repo),
          repositoryBudget,
        );
        return { repo, askcode, bm25 };
      }),
    consistency: {
      mismatchedLines: sum((run) =>
        Object.values(run.systems).reduce((n, s) => n + s.mismatches, 0),
      ),
      linesOutsidePieces: sum(
        (run) => run.systems.askcode.pieceCheck?.outsidePieces ?? 0,
      ),
      fullPieceLinesNotShown: sum(
        (run) => run.systems.askcode.pieceCheck?.fullNotShown ?? 0,
      ),
      overBudget: sum(
        (run) =>
          Object.values(run.systems).filter((s) => s.tokensUsed > run.budget)
            .length,
      ),
    },
  };
}

function share(n: number, d: number): number {
  return d > 0 ? n / d : 0;
}
