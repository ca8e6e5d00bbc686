import { markdownTable, percent } from "../../src/eval/markdown-table.js";
import type { RecallSummary } from "../../src/eval/summarize.js";
import { recallCells, recallHeads } from "../../src/eval/recall-columns.js";
import { percentileOf } from "../../src/eval/percentile.js";

export interface BudgetRow {
  budget: number;
  askcode: RecallSummary;
  bm25: RecallSummary;
  bm25Stop: RecallSummary;
}

export interface RepositoryRow {
  repo: string;
  askcode: RecallSummary;
  bm25: RecallSummary;
}

/** One language's or repository's recall at every budget, with its cost. */
export interface GroupRow {
  name: string;
  /** askcode's index time per instance, median (ms). */
  indexMsP50: number;
  /** The heap's high-water mark per instance, the largest (MB). */
  heapPeakMbMax: number;
  byBudget: Array<{
    budget: number;
    askcode: RecallSummary;
    bm25: RecallSummary;
  }>;
}

/** "2.15×", or "—" when the baseline found nothing (any ratio would be infinite). */
export function ratio(a: number, b: number): string {
  return b > 0 ? `${(a / b).toFixed(2)}×` : a > 0 ? "∞" : "—";
}

/**
 * askcode beside the BM25 baseline, one row per budget: the recall columns
 * (`recallHeads`: with a body, lines per instance and pooled, then with the
 * map, All and Any split the same way), BM25's (no map: each file figure
 * once), askcode's ratio to the baseline for files with a body and lines,
 * then the baseline variant that stops at the first file that does not fit.
 *
 * @example
 * renderBudgetTable([{ budget: 13_000, askcode, bm25, bm25Stop }])
 * // "| budget | askcode body Avg | lines | micro | +map Avg | … |\n|:------|…"
 */
export function renderBudgetTable(rows: readonly BudgetRow[]): string {
  return markdownTable(
    [
      "budget",
      ...recallHeads("askcode"),
      ...recallHeads("BM25", NO_MAP),
      ...RATIO_HEADS,
      "BM25-stop Avg",
      "lines",
    ],
    rows.map((r) => [
      `${Math.round(r.budget / 1000)}k`,
      ...recallCells(r.askcode),
      ...recallCells(r.bm25, NO_MAP),
      ...ratios(r.askcode, r.bm25),
      percent(r.bm25Stop.fileAvgBody),
      percent(r.bm25Stop.lineMean),
    ]),
  );
}

/**
 * One row per repository at one budget: instances, askcode's recall columns,
 * the baseline's files and lines, and the ratios.
 *
 * @example
 * renderRepositoryTable(report.byRepository)
 * // "| repository | n | askcode body Avg | lines | … | BM25 Avg | lines | body ratio | lines ratio |"
 */
export function renderRepositoryTable(rows: readonly RepositoryRow[]): string {
  return markdownTable(
    [
      "repository",
      "n",
      ...recallHeads("askcode"),
      "BM25 Avg",
      "lines",
      ...RATIO_HEADS,
    ],
    rows.map((r) => [
      r.repo,
      String(r.askcode.instances),
      ...recallCells(r.askcode),
      percent(r.bm25.fileAvgBody),
      percent(r.bm25.lineMean),
      ...ratios(r.askcode, r.bm25),
    ]),
  );
}

/**
 * One row per language or repository and budget for one system: instances,
 * the recall columns (BM25's without the map's), then askcode's median index
 * time and the largest heap peak, given once per group, on its first row.
 *
 * @example
 * renderGroupTable(report.groups.all.language, "language", "askcode")
 * // "| language | n | budget | body Avg | lines | micro | +map Avg | … | index p50 ms | heap max MB |"
 */
export function renderGroupTable(
  rows: readonly GroupRow[],
  label: string,
  system: "askcode" | "bm25",
): string {
  const map = { map: system === "askcode" };
  return markdownTable(
    [
      label,
      "n",
      "budget",
      ...recallHeads("", map),
      "index p50 ms",
      "heap max MB",
    ],
    rows.flatMap((r) =>
      r.byBudget.map((b, i) => [
        r.name,
        String(b[system].instances),
        `${Math.round(b.budget / 1000)}k`,
        ...recallCells(b[system], map),
        i === 0 ? r.indexMsP50.toFixed(0) : "",
        i === 0 ? r.heapPeakMbMax.toFixed(0) : "",
      ]),
    ),
  );
}

// askcode over the baseline, on what the tables lead with: files with a body
// and lines per instance.
const RATIO_HEADS = ["body ratio", "lines ratio"];

function ratios(askcode: RecallSummary, bm25: RecallSummary): string[] {
  return [
    ratio(askcode.fileAvgBody, bm25.fileAvgBody),
    ratio(askcode.lineMean, bm25.lineMean),
  ];
}

const NO_MAP = { map: false };

export interface TimingRow {
  label: string;
  /** Milliseconds, one per instance. */
  values: readonly number[];
}

/** Mean, median, 95th percentile and maximum of each timing, in ms. */
export function renderTimingTable(rows: readonly TimingRow[]): string {
  const ms = (x: number): string => x.toFixed(0);
  return markdownTable(
    ["per instance (ms)", "mean", "p50", "p95", "max"],
    rows.map((r) => [
      r.label,
      ms(r.values.reduce((a, b) => a + b, 0) / Math.max(1, r.values.length)),
      ms(percentileOf(r.values, 50)),
      ms(percentileOf(r.values, 95)),
      ms(percentileOf(r.values, 100)),
    ]),
  );
}
