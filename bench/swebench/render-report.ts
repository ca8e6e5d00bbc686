import type { Report } from "./build-report.js";
import { percent } from "../../src/eval/markdown-table.js";
import { RECALL_LEGEND } from "../../src/eval/recall-columns.js";
import { percentileOf } from "../../src/eval/percentile.js";
import {
  renderBudgetTable,
  renderGroupTable,
  renderRepositoryTable,
  renderTimingTable,
} from "./render-table.js";
import { renderGithubTables } from "./render-github-tables.js";
import type { InstanceResult } from "../../src/eval/result-types.js";
import type { GoldView } from "../../src/eval/summarize.js";
import type { GithubInstanceResult } from "./run-instance-github.js";
import { BM25_TOP_K } from "../../src/eval/rank-baseline.js";

// Per language and per repository, askcode then the baseline, every budget,
// in the columns of the budget table.
function groupSections(report: Report, view: GoldView): string[] {
  const title = view === "all" ? "" : " (code-only)";
  return (["language", "repository"] as const).flatMap((by) =>
    (["askcode", "bm25"] as const).flatMap((system) => [
      `Per ${by}${title}, ${system === "askcode" ? "askcode" : "BM25 baseline"}:`,
      "",
      renderGroupTable(report.groups[view][by], by, system),
      "",
    ]),
  );
}

// The gold people wrote, when some gold file is one ranking sets aside
// (generated, vendored, amalgamated): what setting those aside costs is
// then read apart from what ranking misses of the code people edit.
function writtenSection(report: Report): string[] {
  const { instances, files } = report.goldSetAside;
  if (instances === 0) return [];
  return [
    `Written view: every gold file but those a build or another project wrote ` +
      `(${files} gold files of ${instances} instances are ones ranking sets aside as generated, vendored or amalgamated; ` +
      `${report.writtenSummary[0]?.askcode.instances ?? 0} instances have another):`,
    "",
    renderBudgetTable(report.writtenSummary),
    "",
    "Per language (written view), askcode:",
    "",
    renderGroupTable(report.groups.written.language, "language", "askcode"),
    "",
  ];
}

/**
 * The text the harness prints at the end: recall per budget, per repository,
 * the BM25 sanity check, the measurement's own consistency counts, timings
 * per instance, wall time and peak memory; then the github mode's tables.
 */
export function renderReport(
  report: Report,
  results: readonly InstanceResult[],
  out: string,
  github: readonly GithubInstanceResult[] = [],
): string {
  const ok = results.filter((r) => !r.error);
  const budgets = report.summary.map((row) => row.budget);
  const at = (r: InstanceResult, budget: number) =>
    r.budgets.find((b) => b.budget === budget);
  const k = (budget: number): string => `${budget / 1000}k`;
  const timings = [
    { label: "read (CodeHost, once)", values: ok.map((r) => r.timings.readMs) },
    { label: "askcode index (once)", values: ok.map((r) => r.timings.indexMs) },
    ...budgets.map((budget) => ({
      label: `askcode retrieve+pack ${k(budget)}`,
      values: ok.map((r) => at(r, budget)?.askcodeMs ?? 0),
    })),
    {
      // What one question costs once the files are read: the index, and a
      // first retrieval whose token counts are not cached yet.
      label: `askcode index + first retrieve (${k(budgets[0] as number)})`,
      values: ok.map((r) => r.timings.indexMs + (r.budgets[0]?.askcodeMs ?? 0)),
    },
    {
      label: "BM25 index + rank (once)",
      values: ok.map((r) => r.timings.baselineRankMs),
    },
    {
      label: "BM25 pack, all budgets",
      values: ok.map((r) => r.budgets.reduce((s, b) => s + b.baselineMs, 0)),
    },
    { label: "whole instance", values: ok.map((r) => r.timings.totalMs) },
  ];
  const c = report.consistency;
  const failures = results
    .filter((r) => r.error)
    .map((r) => `  ${r.instanceId}: ${r.error}`);
  const files = ok.map((r) => r.filesRead).sort((a, b) => a - b);
  const heapPeaks = ok.map((r) => r.memory.heapPeakMb);
  return [
    `SWE-bench retrieval: ${ok.length} instances (${report.failed} failed) at ${budgets.join(", ")} tokens, ` +
      `repositories of ${files[0] ?? 0}-${files[files.length - 1] ?? 0} text files (median ${files[Math.floor(files.length / 2)] ?? 0}). ` +
      `The tables lead with what a reader can act on: the fix's files shown with a body and its lines shown.`,
    ...RECALL_LEGEND,
    "BM25 shows whole files and no map. Ratios: askcode over BM25.",
    "",
    renderBudgetTable(report.summary),
    "",
    `Per repository at ${k(report.repositoryBudget)}:`,
    "",
    renderRepositoryTable(report.byRepository),
    "",
    ...groupSections(report, "all"),
    `Code-only view: only gold files that are source code, not tests ` +
      `(${report.codeSummary[0]?.askcode.instances ?? 0} instances have one):`,
    "",
    renderBudgetTable(report.codeSummary),
    "",
    ...groupSections(report, "code"),
    ...writtenSection(report),
    `BM25 sanity check: a gold file in the top ${BM25_TOP_K} for ${percent(report.bm25GoldInTop20.any)} of instances ` +
      `(every gold file: ${percent(report.bm25GoldInTop20.all)}).`,
    `Consistency: ${c.mismatchedLines} code lines differing from their file, ${c.linesOutsidePieces} shown lines outside ` +
      `askcode's pieces, ${c.fullPieceLinesNotShown} full-piece lines not shown, ${c.overBudget} contexts over budget.`,
    "",
    renderTimingTable(timings),
    "",
    `Wall time ${(report.wallMs / 60_000).toFixed(1)} min; peak memory: max RSS ${report.peakMemory.maxRssMb.toFixed(0)} MB, ` +
      `V8 heap high-water ${report.peakMemory.heapUsedMb.toFixed(0)} MB ` +
      `(per instance: median ${percentileOf(heapPeaks, 50).toFixed(0)} MB, max ${percentileOf(heapPeaks, 100).toFixed(0)} MB).`,
    ...(failures.length > 0 ? ["Failed:", ...failures] : []),
    "",
    renderGithubTables(github, results),
    `JSON: ${out}`,
    "",
  ].join("\n");
}
