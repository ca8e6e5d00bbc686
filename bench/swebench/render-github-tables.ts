import { markdownTable, percent } from "../../src/eval/markdown-table.js";
import { percentileOf } from "../../src/eval/percentile.js";
import type { InstanceResult } from "../../src/eval/result-types.js";
import type {
  GithubInstanceResult,
  QuestionCost,
} from "./run-instance-github.js";
import type { ContextScore } from "../../src/eval/score-context.js";
import { summarizeScores } from "../../src/eval/summarize.js";
import { recallCells, recallHeads } from "../../src/eval/recall-columns.js";

/**
 * The github mode's tables, beside the local mode's: per budget, askcode's
 * recall on its GitHub path under the local read's on the same instances
 * (the recall columns of every table), and the modes; per repository, what a
 * question cost (requests, bytes, time to packed context, the download
 * apart, code-search waits in virtual time) cold, on the same commit again,
 * and on the next commit; peak heap.
 *
 * @example
 * renderGithubTables(github, results) // "GitHub path (…)\n\n| budget | read | n | askcode body Avg | …"
 */
export function renderGithubTables(
  github: readonly GithubInstanceResult[],
  local: readonly InstanceResult[],
): string {
  const ok = github.filter((r) => !r.error);
  if (github.length === 0) return "";
  const localOf = new Map(local.map((r) => [r.instanceId, r]));
  const budgets = [
    ...new Set(ok.flatMap((r) => r.budgets.map((b) => b.budget))),
  ];
  // Per budget, the local read's row then the GitHub path's, on the
  // instances both scored.
  const budgetRows = budgets.flatMap((budget) => {
    const both = ok.flatMap((r) => {
      const g = r.budgets.find((b) => b.budget === budget)?.score;
      const l = localOf
        .get(r.instanceId)
        ?.budgets.find((b) => b.budget === budget)?.systems.askcode.score;
      return g && l ? [{ g, l }] : [];
    });
    const row = (read: string, scores: ContextScore[]) => [
      `${budget / 1000}k`,
      read,
      String(scores.length),
      ...recallCells(summarizeScores(scores)),
    ];
    return [
      row(
        "local",
        both.map((x) => x.l),
      ),
      row(
        "github",
        both.map((x) => x.g),
      ),
    ];
  });
  const modes = ok.reduce<Record<string, number>>((m, r) => {
    const mode = r.cold?.mode ?? "?";
    m[mode] = (m[mode] ?? 0) + 1;
    return m;
  }, {});
  const med = (values: number[]) => percentileOf(values, 50);
  const max = (values: number[]) => percentileOf(values, 100);
  const cell = (
    rows: GithubInstanceResult[],
    pick: (r: GithubInstanceResult) => QuestionCost | undefined,
  ) => {
    const costs = rows.map(pick).filter((c): c is QuestionCost => !!c);
    if (costs.length === 0) return ["-", "-", "-"];
    return [
      `${med(costs.map((c) => c.totalRequests))} (max ${max(costs.map((c) => c.totalRequests))})`,
      `${(med(costs.map((c) => c.bytes)) / 1e6).toFixed(2)}`,
      `${(med(costs.map((c) => c.contextMs)) / 1000).toFixed(2)}`,
    ];
  };
  const repos = [...new Set(ok.map((r) => r.repo))];
  const costRows = [...repos, "all"].map((repo) => {
    const rows = ok.filter((r) => repo === "all" || r.repo === repo);
    const cold = rows.map((r) => r.cold).filter((c): c is QuestionCost => !!c);
    return [
      repo,
      String(rows.length),
      ...cell(rows, (r) => r.cold),
      (med(cold.map((c) => c.downloadMs)) / 1000).toFixed(2),
      med(cold.map((c) => c.searchWaitSeconds)).toFixed(0),
      ...cell(rows, (r) => r.again),
      ...cell(rows, (r) => r.next),
      max(rows.map((r) => r.heapPeakMb)).toFixed(0),
    ];
  });
  const routes = new Map<string, number>();
  for (const r of ok)
    for (const [route, n] of Object.entries(r.cold?.requests ?? {}))
      routes.set(route, (routes.get(route) ?? 0) + n);
  const failures = github
    .filter((r) => r.error)
    .map((r) => `  ${r.instanceId}: ${r.error}`);
  const nextVia = ok.reduce<Record<string, number>>((m, r) => {
    if (r.next) m[r.next.via] = (m[r.next.via] ?? 0) + 1;
    return m;
  }, {});
  return [
    `GitHub path (askcode's own read path against the stand-in; snapshot cap ${ok[0]?.snapshotMaxBytes ?? "?"} bytes): ` +
      `${ok.length} instances (${github.length - ok.length} failed), mode ${Object.entries(
        modes,
      )
        .map(([m, n]) => `${m} ${n}`)
        .join(
          ", ",
        )}. askcode's recall, local read vs GitHub path, same scorer and columns as above:`,
    "",
    markdownTable(
      ["budget", "read", "n", ...recallHeads("askcode")],
      budgetRows,
      2,
    ),
    "",
    `Per question (medians; requests with the max; MB on the wire; context = seconds to the packed context at ${budgets[0] ? budgets[0] / 1000 : "?"}k, download included; ` +
      `download = the stand-in's time serving archive and files; wait = code-search limit, virtual seconds). ` +
      `Next commit via ${
        Object.entries(nextVia)
          .map(([v, n]) => `${v} ${n}`)
          .join(", ") || "none"
      }:`,
    "",
    markdownTable(
      [
        "repository",
        "n",
        "cold req",
        "cold MB",
        "cold s",
        "download s",
        "wait s",
        "again req",
        "again MB",
        "again s",
        "next req",
        "next MB",
        "next s",
        "heap MB",
      ],
      costRows,
    ),
    "",
    `Cold requests by route, all instances: ${[...routes].map(([r, n]) => `${r} ${n}`).join(", ")}.`,
    ...(failures.length > 0 ? ["GitHub path failed:", ...failures] : []),
    "",
  ].join("\n");
}
