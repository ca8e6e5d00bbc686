// bench:gate: the confidence gate's calibration, read from bench:swebench
// result files: per threshold, the share of questions the gate answers
// (coverage) and the share of those whose shown places hold a file the fix
// changed (precision), with the shipped model (FITTED_GATE) rescoring the
// signals each run recorded, so a refit needs no new run.
//   npm run bench:gate -- --runs training=/tmp/gate/training.json --runs held-out=/tmp/gate/heldout.json
import { benchCommand } from "../parse-bench-command.js";
import { gatePoints, CURVE_THRESHOLDS } from "../../src/eval/gate-curve.js";
import { percent } from "../../src/eval/markdown-table.js";
import { issueNumber } from "../similar-issues/simulate-similar-issues.js";
import { FITTED_GATE } from "../../src/retrieval/confidence/fitted-gate.js";
import { gateScore } from "../../src/retrieval/confidence/gate-model.js";
import {
  ownHistoryThresholds,
  type RepositoryGatePoint,
} from "./own-history-thresholds.js";
import { readGateRun } from "./read-gate-run.js";
import { renderGateTable } from "./render-gate-table.js";

const usage = `usage: npm run bench:gate -- --runs [NAME=]FILE [--runs …] [options]

Prints the confidence gate's curve on each bench:swebench result file: per
threshold, coverage (questions answered), precision (answered questions whose
shown places hold a file the fix changed) and how many were answered. The
signals each run recorded are scored again with the shipped model
(src/retrieval/confidence/fitted-gate.ts); the default threshold is marked.

  --runs [NAME=]FILE   a bench:swebench --out file (repeatable; NAME heads its columns)
  --budget N           the budget whose ranking is read (default: each run's first)
  --step X             thresholds by X (default 0.05)
  --from X             the first threshold (default 0)
  --own-history P      also: each repository's threshold chosen on its earlier
                       half of questions (by issue number) as the lowest whose
                       precision there is at least P with --min-answered
                       answered (as a maintainer would from askcode eval), and
                       what it gives on the later half
  --min-answered N     for --own-history (default 3)
  -h, --help           this text`;

const { values } = benchCommand({
  usage,
  options: {
    runs: { type: "string", multiple: true },
    budget: { type: "string" },
    step: { type: "string", default: "0.05" },
    from: { type: "string", default: "0" },
    "own-history": { type: "string" },
    "min-answered": { type: "string", default: "3" },
  },
});

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const step = Number(values.step);
if (!(step > 0 && step <= 1))
  fail(`--step must be a number in (0, 1], got "${values.step}"`);
const from = Number(values.from);
if (!(from >= 0 && from < 1))
  fail(`--from must be a number in [0, 1), got "${values.from}"`);
const budget = values.budget === undefined ? undefined : Number(values.budget);
if (budget !== undefined && !Number.isInteger(budget))
  fail(`--budget must be a whole number of tokens, got "${values.budget}"`);
const ownHistory =
  values["own-history"] === undefined
    ? undefined
    : Number(values["own-history"]);
if (ownHistory !== undefined && !(ownHistory > 0 && ownHistory <= 1))
  fail(
    `--own-history must be a precision in (0, 1], got "${values["own-history"]}"`,
  );
const minAnswered = Number(values["min-answered"]);
if (!(Number.isInteger(minAnswered) && minAnswered >= 1))
  fail(
    `--min-answered must be a whole number of 1 or more, got "${values["min-answered"]}"`,
  );
if (!values.runs || values.runs.length === 0)
  fail(
    `give at least one --runs FILE (a bench:swebench --out file)\n\n${usage}`,
  );

const sets = (values.runs ?? []).map((argument) => {
  try {
    const run = readGateRun(argument, budget);
    const score = (s: Readonly<Record<string, number>>) =>
      gateScore(FITTED_GATE, s);
    // Each point keeps its repository and issue number for --own-history.
    const points = run.results.flatMap((r): RepositoryGatePoint[] =>
      gatePoints([r], run.budget, score).map((p) => ({
        ...p,
        repo: r.repo,
        order: issueNumber({ instance_id: r.instanceId }),
      })),
    );
    return { name: run.name, points };
  } catch (error) {
    return fail((error as Error).message);
  }
});
// Rounded to hundredths so that 0.1 × 3 reads 0.3 and matches a threshold of 0.3.
const thresholds =
  step === 0.05 && from === 0
    ? CURVE_THRESHOLDS
    : Array.from(
        { length: Math.floor((1 - from) / step + 1e-9) },
        (_, i) => Math.round((from + i * step) * 100) / 100,
      );
process.stdout.write(
  renderGateTable(sets, thresholds, FITTED_GATE.threshold) +
    "\n\n" +
    sets
      .map(
        (s) =>
          `${s.name}: ${s.points.length} questions, shown places hit the fix in ${s.points.filter((p) => p.hit).length} with no gate`,
      )
      .join("\n") +
    "\n" +
    (ownHistory === undefined ? "" : ownHistoryLines(ownHistory)),
);

function ownHistoryLines(minPrecision: number): string {
  return sets
    .map((s) => {
      const o = ownHistoryThresholds(s.points, {
        minPrecision,
        minAnswered,
      });
      const share = (n: number, of: number) =>
        of === 0 ? "-" : percent(n / of);
      return (
        `${s.name}, thresholds chosen on each repository's earlier half for ${percent(minPrecision)} precision ` +
        `(${minAnswered} answered or more): ${o.repositoriesOn} of ${o.repositories} repositories reach it; ` +
        `later half answered ${o.answered} of ${o.asked} (${share(o.answered, o.asked)}) at ${share(o.hits, o.answered)} precision`
      );
    })
    .join("\n")
    .concat("\n");
}
