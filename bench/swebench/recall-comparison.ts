// bench:compare's first table: the two runs' recall in the columns every
// report leads with, so a difference shows first where it matters (files
// with a body, lines) before the instances that differ are listed.
import { markdownTable } from "../../src/eval/markdown-table.js";
import {
  recallCells,
  recallDeltas,
  recallHeads,
} from "../../src/eval/recall-columns.js";
import type { InstanceResult } from "../../src/eval/result-types.js";
import { summarize } from "../../src/eval/summarize.js";

/**
 * askcode's recall in run `a` and in run `b` on the instances both hold, per
 * budget both ran: a row each, then the change in points.
 *
 * @example
 * renderRecallComparison(runA.results, runB.results)
 * // "| budget | run | n | askcode body Avg | lines | … |\n|…\n| 13k | --a | 235 | 78.0% | …\n| 13k | --b | 235 | 80.8% | …\n| 13k | b − a | | +2.8 | …"
 */
export function renderRecallComparison(
  a: readonly InstanceResult[],
  b: readonly InstanceResult[],
): string {
  const inB = new Set(b.map((r) => r.instanceId));
  const inA = new Set(a.map((r) => r.instanceId));
  const bothA = a.filter((r) => inB.has(r.instanceId));
  const bothB = b.filter((r) => inA.has(r.instanceId));
  const budgetsOf = (results: readonly InstanceResult[]) =>
    new Set(results.flatMap((r) => r.budgets.map((run) => run.budget)));
  const budgetsB = budgetsOf(bothB);
  const budgets = [...budgetsOf(bothA)]
    .filter((budget) => budgetsB.has(budget))
    .sort((x, y) => x - y);
  return markdownTable(
    ["budget", "run", "n", ...recallHeads("askcode")],
    budgets.flatMap((budget) => {
      const before = summarize(bothA, "askcode", budget);
      const after = summarize(bothB, "askcode", budget);
      const k = `${budget / 1000}k`;
      return [
        [k, "--a", String(before.instances), ...recallCells(before)],
        [k, "--b", String(after.instances), ...recallCells(after)],
        [k, "b − a", "", ...recallDeltas(before, after)],
      ];
    }),
    2,
  );
}
