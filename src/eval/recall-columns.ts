import { percent } from "./markdown-table.js";
import type { RecallSummary } from "./summarize.js";

interface RecallColumn {
  head: string;
  value: (s: RecallSummary) => number;
}

// The order every recall table leads with (issue 38): what a reader can act
// on first, the share of the fix's files shown with a body and the share of
// its lines shown (per instance, then pooled), then what the map adds, the
// file recall counting files named only by a signature line; then All and
// Any, split the same way.
const WITH_MAP: readonly RecallColumn[] = [
  { head: "body Avg", value: (s) => s.fileAvgBody },
  { head: "lines", value: (s) => s.lineMean },
  { head: "micro", value: (s) => s.lineRecall },
  { head: "+map Avg", value: (s) => s.fileAvg },
  { head: "body All", value: (s) => s.fileAllBody },
  { head: "+map All", value: (s) => s.fileAll },
  { head: "body Any", value: (s) => s.fileAnyBody },
  { head: "+map Any", value: (s) => s.fileAny },
];

// A system with no map (BM25 shows whole files): every file it shows has a
// body, so each file figure is given once.
const NO_MAP: readonly RecallColumn[] = [
  { head: "Avg", value: (s) => s.fileAvgBody },
  { head: "lines", value: (s) => s.lineMean },
  { head: "micro", value: (s) => s.lineRecall },
  { head: "All", value: (s) => s.fileAllBody },
  { head: "Any", value: (s) => s.fileAnyBody },
];

/** What the recall columns' heads mean, as lines to print under a table. */
export const RECALL_LEGEND: readonly string[] = [
  "body: gold files shown with a body (Avg: their share, per instance; All: instances with every one; Any: with one);",
  "lines: gold lines shown verbatim in a body, mean per instance (micro: all lines pooled); +map: counting also the",
  "files named only by a signature line in the map, which shows where a fix goes but none of its code.",
];

/**
 * The heads of the recall columns, the first one named for its system
 * (`"askcode body Avg"`, `"BM25 Avg"`): with the map's columns, or, for a
 * system that has none, each file figure once.
 *
 * @example
 * recallHeads("askcode") // ["askcode body Avg", "lines", "micro", "+map Avg", "body All", "+map All", "body Any", "+map Any"]
 * recallHeads("BM25", { map: false }) // ["BM25 Avg", "lines", "micro", "All", "Any"]
 */
export function recallHeads(
  system: string,
  { map = true }: { map?: boolean } = {},
): string[] {
  return columns(map).map((c, i) =>
    i === 0 && system !== "" ? `${system} ${c.head}` : c.head,
  );
}

/**
 * One summary's cells under `recallHeads`, in %.
 *
 * @example
 * recallCells(summary) // ["78.0%", "60.0%", "27.4%", "87.2%", "62.1%", "74.9%", "93.2%", "97.0%"]
 */
export function recallCells(
  s: RecallSummary,
  { map = true }: { map?: boolean } = {},
): string[] {
  return columns(map).map((c) => percent(c.value(s)));
}

/**
 * Each recall column's change from `a` to `b`, in points with a sign
 * ("+1.2", "-0.4", "0.0"), under the same heads.
 *
 * @example
 * recallDeltas(before, after) // ["+2.8", "-1.0", "-0.6", "+0.8", …]
 */
export function recallDeltas(
  a: RecallSummary,
  b: RecallSummary,
  { map = true }: { map?: boolean } = {},
): string[] {
  return columns(map).map((c) => {
    const points = (100 * (c.value(b) - c.value(a))).toFixed(1);
    return Number(points) > 0 ? `+${points}` : points.replace(/^-0\.0$/, "0.0");
  });
}

function columns(map: boolean): readonly RecallColumn[] {
  return map ? WITH_MAP : NO_MAP;
}
