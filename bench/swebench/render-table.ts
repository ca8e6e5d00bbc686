import { markdownTable, percent } from "../../src/eval/markdown-table.js";
import type { RecallSummary } from "../../src/eval/summarize.js";
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
 * askcode beside the BM25 baseline, one row per budget: file recall Avg, with
 * a body (a file shown only by the map's signature line is found but has no
 * body), All and Any, line recall (micro, and askcode's mean per instance),
 * and askcode's ratio to the baseline for file Avg and line recall. The last
 * two columns are the baseline variant that stops at the first file that does
 * not fit.
 *
 * @example
 * renderBudgetTable([{ budget: 13_000, askcode, bm25, bm25Stop }])
 * // "| budget | askcode Avg | … |\n|:------|…"
 */
export function renderBudgetTable(rows: readonly BudgetRow[]): string {
  return markdownTable(
    [
      "budget",
      "askcode Avg",
      "body",
      "All",
      "Any",
      "lines",
      "mean",
      "BM25 Avg",
      "All",
      "Any",
      "lines",
      "Avg ratio",
      "lines ratio",
      "BM25-stop Avg",
      "lines",
    ],
    rows.map((r) => [
      `${Math.round(r.budget / 1000)}k`,
      percent(r.askcode.fileAvg),
      percent(r.askcode.fileAvgBody),
      percent(r.askcode.fileAll),
      percent(r.askcode.fileAny),
      percent(r.askcode.lineRecall),
      percent(r.askcode.lineMean),
      percent(r.bm25.fileAvg),
      percent(r.bm25.fileAll),
      percent(r.bm25.fileAny),
      percent(r.bm25.lineRecall),
      ratio(r.askcode.fileAvg, r.bm25.fileAvg),
      ratio(r.askcode.lineRecall, r.bm25.lineRecall),
      percent(r.bm25Stop.fileAvg),
      percent(r.bm25Stop.lineRecall),
    ]),
  );
}

/**
 * One row per repository at one budget: instances, file recall Avg and line
 * recall for both systems, and the ratios.
 */
export function renderRepositoryTable(rows: readonly RepositoryRow[]): string {
  return markdownTable(
    [
      "repository",
      "n",
      "askcode Avg",
      "BM25 Avg",
      "Avg ratio",
      "askcode lines",
      "BM25 lines",
      "lines ratio",
    ],
    rows.map((r) => [
      r.repo,
      String(r.askcode.instances),
      percent(r.askcode.fileAvg),
      percent(r.bm25.fileAvg),
      ratio(r.askcode.fileAvg, r.bm25.fileAvg),
      percent(r.askcode.lineRecall),
      percent(r.bm25.lineRecall),
      ratio(r.askcode.lineRecall, r.bm25.lineRecall),
    ]),
  );
}

/**
 * One row per language or repository for one system: instances, then file
 * recall Avg, with a body, All, and line recall (mean per instance) at every
 * budget, then askcode's median index time and the largest heap peak.
 *
 * @example
 * renderGroupTable(report.groups.all.language, "language", "askcode")
 * // "| language | n | 8k Avg | body | All | lines | 13k Avg | … | index p50 ms | heap max MB |"
 */
export function renderGroupTable(
  rows: readonly GroupRow[],
  label: string,
  system: "askcode" | "bm25",
): string {
  const budgets = rows[0]?.byBudget.map((b) => b.budget) ?? [];
  return markdownTable(
    [
      label,
      "n",
      ...budgets.flatMap((b) => [
        `${Math.round(b / 1000)}k Avg`,
        "body",
        "All",
        "lines",
      ]),
      "index p50 ms",
      "heap max MB",
    ],
    rows.map((r) => [
      r.name,
      String(r.byBudget[0]?.[system].instances ?? 0),
      ...r.byBudget.flatMap((b) => [
        percent(b[system].fileAvg),
        percent(b[system].fileAvgBody),
        percent(b[system].fileAll),
        percent(b[system].lineMean),
      ]),
      r.indexMsP50.toFixed(0),
      r.heapPeakMbMax.toFixed(0),
    ]),
  );
}

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
