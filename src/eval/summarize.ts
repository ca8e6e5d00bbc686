import type { InstanceResult, SystemName, SystemRun } from "./result-types.js";
import type { ContextScore } from "./score-context.js";

/**
 * Recall figures of one system at one budget over a set of instances. Each
 * file figure comes twice: counting only the gold files shown with a body
 * (what a reader or a model can act on), and counting also those named only
 * by a signature line in the map.
 */
export interface RecallSummary {
  instances: number;
  /** Mean over instances of the share of gold files found (a body, or a signature line in the map). */
  fileAvg: number;
  /** The same, counting only files shown with a body (not by a signature line in the map). */
  fileAvgBody: number;
  /** Share of instances with every gold file found. */
  fileAll: number;
  /** Share of instances with every gold file shown with a body. */
  fileAllBody: number;
  /** Share of instances with at least one gold file found. */
  fileAny: number;
  /** Share of instances with at least one gold file shown with a body. */
  fileAnyBody: number;
  /** Gold lines found over all gold lines (micro-average). */
  lineRecall: number;
  /** Mean over instances (with at least one gold line) of their line recall. */
  lineMean: number;
  goldLines: number;
  linesFound: number;
}

/**
 * "all": every gold file; "code": only the gold files that are source code
 * (`codeScore`); "written": every gold file but those a build or another
 * project wrote (`writtenScore`, else `score` when none is set aside).
 */
export type GoldView = "all" | "code" | "written";

/**
 * Aggregates one system at one budget. Instances that failed (`error`) are
 * left out, and in the code-only and written views so are instances with
 * no such gold file; `instances` says how many counted.
 *
 * @example
 * summarize(results, "askcode", 13_000) // { instances: 179, fileAvgBody: 0.89, lineMean: 0.71, fileAvg: 0.96, … }
 * summarize(results, "bm25", 13_000, "code") // the same figures on the code-only gold
 */
export function summarize(
  results: readonly InstanceResult[],
  system: SystemName,
  budget: number,
  view: GoldView = "all",
): RecallSummary {
  return summarizeScores(
    results.flatMap((result) => {
      if (result.error) return [];
      const run = result.budgets.find((b) => b.budget === budget)?.systems[
        system
      ];
      return scoreInView(result, run, view);
    }),
  );
}

function scoreInView(
  result: InstanceResult,
  run: SystemRun | undefined,
  view: GoldView,
): ContextScore[] {
  if (!run) return [];
  if (view === "all") return [run.score];
  if (view === "code") return run.codeScore ? [run.codeScore] : [];
  const setAside = Object.keys(result.gold.setAside ?? {}).length;
  if (setAside === 0) return [run.score];
  return run.writtenScore ? [run.writtenScore] : [];
}

/**
 * Aggregates contexts' scores, one per instance: the figures of `summarize`
 * for scores read from elsewhere (the github mode's, say).
 *
 * @example
 * summarizeScores([{ goldFiles: 2, filesFound: 2, filesWithBody: 1, goldLines: 4, linesFound: 3, found: [] }])
 * // { instances: 1, fileAvg: 1, fileAvgBody: 0.5, fileAll: 1, fileAllBody: 0, lineMean: 0.75, … }
 */
export function summarizeScores(
  scores: readonly ContextScore[],
): RecallSummary {
  let fileShare = 0;
  let bodyShare = 0;
  let all = 0;
  let allBody = 0;
  let any = 0;
  let anyBody = 0;
  let goldLines = 0;
  let linesFound = 0;
  let lineShare = 0;
  let withLines = 0;
  for (const s of scores) {
    // Results written before the map existed have no body count: all were bodies.
    const withBody = s.filesWithBody ?? s.filesFound;
    fileShare += s.goldFiles > 0 ? s.filesFound / s.goldFiles : 0;
    bodyShare += s.goldFiles > 0 ? withBody / s.goldFiles : 0;
    if (s.filesFound === s.goldFiles) all++;
    if (withBody === s.goldFiles) allBody++;
    if (s.filesFound > 0) any++;
    if (withBody > 0) anyBody++;
    goldLines += s.goldLines;
    linesFound += s.linesFound;
    if (s.goldLines > 0) {
      lineShare += s.linesFound / s.goldLines;
      withLines++;
    }
  }
  const instances = scores.length;
  return {
    instances,
    fileAvg: share(fileShare, instances),
    fileAvgBody: share(bodyShare, instances),
    fileAll: share(all, instances),
    fileAllBody: share(allBody, instances),
    fileAny: share(any, instances),
    fileAnyBody: share(anyBody, instances),
    lineRecall: share(linesFound, goldLines),
    lineMean: share(lineShare, withLines),
    goldLines,
    linesFound,
  };
}

function share(n: number, d: number): number {
  return d > 0 ? n / d : 0;
}

/** Distinct repositories of the results, in first-seen order. */
export function repositoriesOf(results: readonly InstanceResult[]): string[] {
  return [...new Set(results.map((r) => r.repo))];
}

/** Distinct languages of the results, in first-seen order. */
export function languagesOf(results: readonly InstanceResult[]): string[] {
  return [...new Set(results.map((r) => r.language))];
}
