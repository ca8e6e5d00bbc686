import type { InstanceResult, SystemName } from "./result-types.js";

/** Recall figures of one system at one budget over a set of instances. */
export interface RecallSummary {
  instances: number;
  /** Mean over instances of the share of gold files found. */
  fileAvg: number;
  /** The same, counting only files shown with a body (not by a signature line in the map). */
  fileAvgBody: number;
  /** Share of instances with every gold file found. */
  fileAll: number;
  /** Share of instances with at least one gold file found. */
  fileAny: number;
  /** Gold lines found over all gold lines (micro-average). */
  lineRecall: number;
  /** Mean over instances (with at least one gold line) of their line recall. */
  lineMean: number;
  goldLines: number;
  linesFound: number;
}

/** "all": every gold file; "code": only the gold files that are source code (`codeScore`). */
export type GoldView = "all" | "code";

/**
 * Aggregates one system at one budget. Instances that failed (`error`) are
 * left out, and in the code-only view so are instances with no code gold
 * file; `instances` says how many counted.
 *
 * @example
 * summarize(results, "askcode", 13_000) // { instances: 179, fileAvg: 0.71, fileAll: 0.64, fileAny: 0.78, lineRecall: 0.52, … }
 * summarize(results, "bm25", 13_000, "code") // the same figures on the code-only gold
 */
export function summarize(
  results: readonly InstanceResult[],
  system: SystemName,
  budget: number,
  view: GoldView = "all",
): RecallSummary {
  let instances = 0;
  let fileShare = 0;
  let bodyShare = 0;
  let all = 0;
  let any = 0;
  let goldLines = 0;
  let linesFound = 0;
  let lineShare = 0;
  let withLines = 0;
  for (const result of results) {
    if (result.error) continue;
    const run = result.budgets.find((b) => b.budget === budget)?.systems[
      system
    ];
    const s = view === "all" ? run?.score : run?.codeScore;
    if (!s) continue;
    instances++;
    fileShare += s.goldFiles > 0 ? s.filesFound / s.goldFiles : 0;
    // Results written before the map existed have no body count: all were bodies.
    bodyShare +=
      s.goldFiles > 0 ? (s.filesWithBody ?? s.filesFound) / s.goldFiles : 0;
    if (s.filesFound === s.goldFiles) all++;
    if (s.filesFound > 0) any++;
    goldLines += s.goldLines;
    linesFound += s.linesFound;
    if (s.goldLines > 0) {
      lineShare += s.linesFound / s.goldLines;
      withLines++;
    }
  }
  const share = (n: number, d: number): number => (d > 0 ? n / d : 0);
  return {
    instances,
    fileAvg: share(fileShare, instances),
    fileAvgBody: share(bodyShare, instances),
    fileAll: share(all, instances),
    fileAny: share(any, instances),
    lineRecall: share(linesFound, goldLines),
    lineMean: share(lineShare, withLines),
    goldLines,
    linesFound,
  };
}

/** Distinct repositories of the results, in first-seen order. */
export function repositoriesOf(results: readonly InstanceResult[]): string[] {
  return [...new Set(results.map((r) => r.repo))];
}

/** Distinct languages of the results, in first-seen order. */
export function languagesOf(results: readonly InstanceResult[]): string[] {
  return [...new Set(results.map((r) => r.language))];
}
