import { DEFAULT_CONFIDENCE_THRESHOLD } from "../retrieval/confidence/answer-confidence.js";
import { gateCurve, gatePoints, type GateCurveRow } from "./gate-curve.js";
import { percentileOf } from "./percentile.js";
import type { HistorySkip } from "./questions-from-history.js";
import type { InstanceResult } from "./result-types.js";
import { summarize, type RecallSummary } from "./summarize.js";

/** One language's (or all questions') recall at one budget, askcode beside BM25. */
export interface EvalRow {
  /** A question's language (`questionLanguage`), or "total". */
  language: string;
  /** The `budgets.context` measured. */
  budget: number;
  /** The tokens of code packed for it: all of it, or a model's share (`packedContextTokens`). */
  codeBudget: number;
  askcode: RecallSummary;
  bm25: RecallSummary;
  /** askcode's tokens used, mean per question: below the budget when the repository fits whole. */
  askcodeTokens: number;
}

/** What `askcode eval` measured, in the figures it prints and writes (`--json`). */
export interface EvalReport {
  /** The repository as given (a path), the ref and the commit it named. */
  repository: string;
  ref: string;
  sha: string;
  /** The `budgets.context` values measured, and the tokens of code each packs (the same order). */
  budgets: number[];
  codeBudgets: number[];
  history: {
    /** First-parent, non-merge commits read. */
    scanned: number;
    skipped: Record<HistorySkip, number>;
    maxFiles: number;
    minWords: number;
  };
  questions: number;
  failed: Array<{ id: string; error: string }>;
  /** By budget, then language (most questions first), then the total. */
  rows: EvalRow[];
  exclude: {
    /** Every pattern applied to some question: `.github/askcode.yml`'s `exclude_paths` at its commit, then `--exclude`. */
    patterns: string[];
    /** Questions whose commit's `.github/askcode.yml` named `exclude_paths`. */
    fromConfig: number;
    /** Files the questions' commits changed, and how many of them the patterns hide. */
    goldFiles: number;
    goldExcluded: number;
  };
  /**
   * The confidence gate on these questions, so a maintainer can choose the
   * threshold for unasked answers: per threshold, the questions it would
   * answer and how many of those answers' shown places hold a changed file
   * (ranking is the same at every budget: read at the first).
   */
  gate: {
    /** Questions with a gate score (failed ones left out), and those whose shown places hit. */
    questions: number;
    hits: number;
    /** The shipped default, always among the curve's thresholds. */
    threshold: number;
    curve: GateCurveRow[];
  };
  /** Per question, the median in ms. */
  medians: {
    readMs: number;
    indexMs: number;
    bm25Ms: number;
    /** askcode's ranking and packing at one budget, on the built index. */
    retrieveMs: number;
    questionMs: number;
  };
  wallMs: number;
}

export interface EvalReportInput {
  repository: string;
  ref: string;
  sha: string;
  budgets: readonly number[];
  /** Per budget, the tokens of code packed for it: the budgets the results were run at. */
  codeBudgets: readonly number[];
  history: EvalReport["history"];
  results: readonly InstanceResult[];
  /** Per result, in the same order, the patterns its run excluded and whether the repository's configuration named any. */
  excluded: ReadonlyArray<{ patterns: readonly string[]; fromConfig: boolean }>;
  wallMs: number;
}

// 0 to 0.9 by 0.1, 0.95, and the default: enough to choose a threshold by.
const EVAL_THRESHOLDS = [
  ...new Set([
    ...Array.from({ length: 10 }, (_, i) => i / 10),
    0.95,
    DEFAULT_CONFIDENCE_THRESHOLD,
  ]),
].sort((a, b) => a - b);

/**
 * The figures of an `askcode eval` run: recall per budget per language and in
 * total (failed questions left out, as `summarize` does), the confidence
 * gate's coverage and precision per threshold, what the exclude rules hid,
 * and the median cost of one question.
 *
 * @example
 * buildEvalReport({ repository: ".", ref: "HEAD", sha, budgets: [8000, 13000], codeBudgets: [8000, 13000], history, results, excluded, wallMs: 95_000 })
 * // { questions: 30, rows: [{ language: "typescript", budget: 8000, askcode: { fileAvg: 0.71, … }, … }, …], … }
 */
export function buildEvalReport(input: EvalReportInput): EvalReport {
  const { results } = input;
  const ok = results.filter((r) => !r.error);
  const counts = new Map<string, number>();
  for (const r of results)
    counts.set(r.language, (counts.get(r.language) ?? 0) + 1);
  const languages = [...counts.keys()].sort(
    (a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || (a < b ? -1 : 1),
  );
  const row = (
    language: string,
    of: readonly InstanceResult[],
    budget: number,
    codeBudget: number,
  ): EvalRow => {
    const used = of
      .filter((r) => !r.error)
      .map(
        (r) =>
          r.budgets.find((b) => b.budget === codeBudget)?.systems.askcode
            .tokensUsed ?? 0,
      );
    return {
      language,
      budget,
      codeBudget,
      askcode: summarize(of, "askcode", codeBudget),
      bm25: summarize(of, "bm25", codeBudget),
      askcodeTokens: used.reduce((a, b) => a + b, 0) / Math.max(1, used.length),
    };
  };
  const median = (values: number[]) => percentileOf(values, 50);
  const points = gatePoints(results, input.codeBudgets[0] ?? 0);
  return {
    repository: input.repository,
    ref: input.ref,
    sha: input.sha,
    budgets: [...input.budgets],
    codeBudgets: [...input.codeBudgets],
    history: input.history,
    questions: results.length,
    failed: results
      .filter((r) => r.error)
      .map((r) => ({ id: r.instanceId, error: r.error as string })),
    rows: input.budgets.flatMap((budget, i) => {
      const code = input.codeBudgets[i] ?? budget;
      return [
        ...languages.map((language) =>
          row(
            language,
            results.filter((r) => r.language === language),
            budget,
            code,
          ),
        ),
        row("total", results, budget, code),
      ];
    }),
    exclude: {
      patterns: [...new Set(input.excluded.flatMap((e) => e.patterns))],
      fromConfig: input.excluded.filter((e) => e.fromConfig).length,
      goldFiles: ok.reduce((n, r) => n + r.gold.files.length, 0),
      goldExcluded: ok.reduce((n, r) => n + (r.gold.excluded?.length ?? 0), 0),
    },
    gate: {
      questions: points.length,
      hits: points.filter((p) => p.hit).length,
      threshold: DEFAULT_CONFIDENCE_THRESHOLD,
      curve: gateCurve(points, EVAL_THRESHOLDS),
    },
    medians: {
      readMs: median(ok.map((r) => r.timings.readMs)),
      indexMs: median(ok.map((r) => r.timings.indexMs)),
      bm25Ms: median(ok.map((r) => r.timings.baselineRankMs)),
      retrieveMs: median(ok.flatMap((r) => r.budgets.map((b) => b.askcodeMs))),
      questionMs: median(ok.map((r) => r.timings.totalMs)),
    },
    wallMs: input.wallMs,
  };
}
