// fit:gate: fits the confidence gate's model on the signals bench:swebench
// recorded for the training part, chooses its threshold there (the lowest
// with precision ≥ 90 % on leave-one-repository-out scores), and with --write ships both as
// src/retrieval/confidence/fitted-gate.ts. Never give it a held-out run.
//   npm run fit:gate -- --runs /tmp/gate/training.json --write
import { writeFileSync } from "node:fs";
import { benchCommand } from "../parse-bench-command.js";
import {
  chooseThreshold,
  CURVE_THRESHOLDS,
  gateCurve,
} from "../../src/eval/gate-curve.js";
import { renderGateTable } from "./render-gate-table.js";
import {
  gateScore,
  type LogisticGate,
  type TreeGate,
} from "../../src/retrieval/confidence/gate-model.js";
import { describeFit, fitGateModel } from "./fit-gate-model.js";
import { fitGateTree } from "./fit-gate-tree.js";
import {
  crossValidatedScores,
  selectSignals,
  type GroupedExample,
} from "./select-signals.js";
import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignal,
} from "../../src/retrieval/confidence/confidence-signals.js";
import { readGateRun } from "./read-gate-run.js";
import { FITTED_GATE_PATH, renderFittedGate } from "./render-fitted-gate.js";

const usage = `usage: npm run fit:gate -- --runs FILE [--runs …] [options]

Fits the confidence gate's model on the gate signals bench:swebench
recorded (whether each question's shown places hit the fix is the label), then
chooses the default threshold on the same questions, each scored by a model
fitted without its repository (leave one repository out): the lowest whose
precision there is at least --precision. Run bench:swebench on the training part only
(--split bench/train/split.json --part training) and give its --out here.
Unless --signals names them, the signals are chosen first by forward selection
with leave-one-repository-out cross-validation on the same questions, so that
only signals that order unseen repositories' questions count.

  --runs FILE          a bench:swebench --out file of the training part (repeatable)
  --budget N           the budget whose ranking is read (default: each run's first)
  --precision X        the precision the threshold must reach (default 0.9)
  --min-answered N     the threshold must answer at least N questions (default 20)
  --model logistic|tree
                       a logistic model over selected signals (default), or a
                       small decision tree over all of them (bench/gate/fit-gate-tree.ts)
  --l2 X               logistic: the penalty on the weights (default 0.01)
  --depth N            tree: splits from root to leaf, at most (default 3)
  --min-leaf N         tree: questions a leaf must hold, at least (default 15)
  --signals LIST       fit only these signals, comma-separated (default: selected
                       for a logistic model, all for a tree;
                       one of ${CONFIDENCE_SIGNALS.join(", ")})
  --write              rewrite ${FITTED_GATE_PATH} with the model and threshold
  -h, --help           this text`;

const { values } = benchCommand({
  usage,
  options: {
    runs: { type: "string", multiple: true },
    budget: { type: "string" },
    precision: { type: "string", default: "0.9" },
    l2: { type: "string", default: "0.01" },
    "min-answered": { type: "string", default: "20" },
    signals: { type: "string" },
    model: { type: "string", default: "logistic" },
    depth: { type: "string", default: "3" },
    "min-leaf": { type: "string", default: "15" },
    write: { type: "boolean", default: false },
  },
});

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const minPrecision = Number(values.precision);
if (!(minPrecision > 0 && minPrecision <= 1))
  fail(`--precision must be a share in (0, 1], got "${values.precision}"`);
const l2 = Number(values.l2);
if (!(l2 >= 0)) fail(`--l2 must be a number ≥ 0, got "${values.l2}"`);
const minAnswered = Number(values["min-answered"]);
if (!(Number.isInteger(minAnswered) && minAnswered >= 1))
  fail(
    `--min-answered must be a whole number ≥ 1, got "${values["min-answered"]}"`,
  );
if (values.model !== "logistic" && values.model !== "tree")
  fail(`--model must be logistic or tree, got "${values.model}"`);
const depth = Number(values.depth);
if (!(Number.isInteger(depth) && depth >= 1 && depth <= 6))
  fail(`--depth must be a whole number from 1 to 6, got "${values.depth}"`);
const minLeaf = Number(values["min-leaf"]);
if (!(Number.isInteger(minLeaf) && minLeaf >= 1))
  fail(`--min-leaf must be a whole number ≥ 1, got "${values["min-leaf"]}"`);
const budget = values.budget === undefined ? undefined : Number(values.budget);
if (!values.runs || values.runs.length === 0)
  fail(`give at least one --runs FILE of the training part\n\n${usage}`);

const named = values.signals?.split(",").map((s) => s.trim());
const unknown = named?.filter(
  (s) => !(CONFIDENCE_SIGNALS as readonly string[]).includes(s),
);
if (unknown && unknown.length > 0)
  fail(
    `--signals: ${unknown.join(", ")} is no signal (${CONFIDENCE_SIGNALS.join(", ")})`,
  );

const examples = (values.runs ?? []).flatMap((argument) => {
  try {
    const run = readGateRun(argument, budget);
    return run.results.flatMap((r) => {
      const gate = r.error
        ? undefined
        : r.budgets.find((b) => b.budget === run.budget)?.gate;
      return gate
        ? [{ signals: gate.signals, hit: gate.hit, repo: r.repo }]
        : [];
    });
  } catch (error) {
    return fail((error as Error).message);
  }
});
let signals = named as ConfidenceSignal[] | undefined;
if (!signals && values.model === "logistic") {
  const steps = selectSignals(examples, { l2 });
  for (const step of steps)
    process.stdout.write(
      `selected ${step.signals.join(", ")}: cross-validated AUC ${step.auc.toFixed(3)}\n`,
    );
  signals = steps.at(-1)?.signals ?? [];
}
const fitModel = (rows: readonly GroupedExample[]): LogisticGate | TreeGate =>
  values.model === "tree"
    ? fitGateTree(rows, { depth, minLeaf, ...(signals ? { signals } : {}) })
    : fitGateModel(rows, { l2, ...(signals ? { signals } : {}) }).model;
const fit = describeFit(examples, fitModel(examples));
// The threshold is chosen on scores each question got from a model that never
// saw its repository: the fitted model's own scores on the questions it was
// fitted on promise a precision that unseen repositories do not give.
const unseen = crossValidatedScores(examples, fitModel);
const chosen = chooseThreshold(unseen, { minPrecision, minAnswered });
process.stdout.write(
  "Each training question scored by a model fitted without its repository:\n" +
    renderGateTable(
      [{ name: "training (cross-validated)", points: unseen }],
      CURVE_THRESHOLDS,
      chosen?.threshold,
    ) +
    "\n",
);
const inSample = chosen
  ? gateCurve(
      examples.map((e) => ({
        score: gateScore(fit.model, e.signals),
        hit: e.hit,
      })),
      [chosen.threshold],
    )[0]
  : undefined;
process.stdout.write(
  `${fit.examples} questions, ${fit.hits} hits; log-loss ${fit.loss.baseRate.toFixed(4)} (base rate) → ${fit.loss.fitted.toFixed(4)} (fitted)\n` +
    (fit.model.kind === "tree"
      ? fit.model.nodes.map((n, i) => `  ${i}: ${JSON.stringify(n)}`).join("\n")
      : `intercept ${fit.model.intercept}\n` +
        Object.entries(fit.model.weights)
          .map(([s, w]) => `  ${s}: ${w}`)
          .join("\n")) +
    "\n" +
    (chosen
      ? `threshold ${chosen.threshold}: cross-validated precision ${(100 * chosen.precision).toFixed(1)}%, coverage ${(100 * chosen.coverage).toFixed(1)}% (${chosen.answered} answered)` +
        (inSample
          ? `; the fitted model on its own questions: ${(100 * inSample.precision).toFixed(1)}%, ${(100 * inSample.coverage).toFixed(1)}%\n`
          : "\n")
      : `no threshold reaches precision ${minPrecision} with ${minAnswered} questions answered across repositories\n`),
);
if (values.write) {
  if (!chosen) fail(`not written: no threshold to ship`);
  else {
    const command = [
      "npm run fit:gate --",
      ...(values.runs ?? []).map((r) => `--runs ${r}`),
      ...(values.precision !== "0.9"
        ? [`--precision ${values.precision}`]
        : []),
      ...(values.model !== "logistic" ? [`--model ${values.model}`] : []),
      ...(values.model === "logistic" && values.l2 !== "0.01"
        ? [`--l2 ${values.l2}`]
        : []),
      ...(values.model === "tree" && values.depth !== "3"
        ? [`--depth ${values.depth}`]
        : []),
      ...(values.model === "tree" && values["min-leaf"] !== "15"
        ? [`--min-leaf ${values["min-leaf"]}`]
        : []),
      ...(values.signals ? [`--signals ${values.signals}`] : []),
      ...(values["min-answered"] !== "20"
        ? [`--min-answered ${values["min-answered"]}`]
        : []),
      "--write",
    ].join(" ");
    writeFileSync(
      FITTED_GATE_PATH,
      renderFittedGate(fit, chosen, minPrecision, command),
    );
    process.stdout.write(`wrote ${FITTED_GATE_PATH}\n`);
  }
}
