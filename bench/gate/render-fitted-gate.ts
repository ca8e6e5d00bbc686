import { CONFIDENCE_SIGNALS } from "../../src/retrieval/confidence/confidence-signals.js";
import type {
  LogisticGate,
  TreeGate,
} from "../../src/retrieval/confidence/gate-model.js";
import type { GateCurveRow } from "../../src/eval/gate-curve.js";
import type { GateFit } from "./fit-gate-model.js";

/** Where the gate reads its model; `fit:gate --write` rewrites it. */
export const FITTED_GATE_PATH = "src/retrieval/confidence/fitted-gate.ts";

/**
 * The source of fitted-gate.ts: the model and threshold as data, and in its
 * comment the command that fitted them and what the threshold did on the
 * rows they were fitted on, scored across repositories (`chosen`), so a
 * reader of the gate knows where each number came from.
 *
 * @example
 * writeFileSync(FITTED_GATE_PATH, renderFittedGate(fit, chosen, "npm run fit:gate -- --runs training=… --write"));
 */
export function renderFittedGate(
  fit: GateFit<LogisticGate | TreeGate>,
  chosen: GateCurveRow,
  minPrecision: number,
  command: string,
): string {
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const model = fit.model;
  return [
    'import type { GateModel } from "./gate-model.js";',
    "",
    "/**",
    model.kind === "tree"
      ? " * The gate's model, a decision tree (bench/gate/fit-gate-tree.ts) grown with"
      : " * The gate's model, fitted by logistic regression (bench/gate/) with",
    ` * \`${command}\``,
    ` * on ${fit.examples} questions of the training part (${fit.hits} whose shown places hit the fix);`,
    ` * log-loss ${fit.loss.baseRate.toFixed(4)} with the base rate alone, ${fit.loss.fitted.toFixed(4)} fitted.`,
    ` * The threshold is the lowest with precision ≥ ${percent(minPrecision)} on those questions, each`,
    " * scored by a model fitted without its repository (leave one repository out):",
    ` * ${percent(chosen.precision)} there, answering ${percent(chosen.coverage)} of them.`,
    " * Generated: change the runs or the fit, not this file.",
    " */",
    "export const FITTED_GATE: GateModel = {",
    ...(model.kind === "tree"
      ? [
          '  kind: "tree",',
          "  nodes: [",
          ...model.nodes.map(
            (n, i) =>
              `    ${
                "leaf" in n
                  ? `{ leaf: ${n.leaf} }`
                  : `{ signal: "${n.signal}", atLeast: ${n.atLeast}, then: ${n.then}, else: ${n.else} }`
              }, // ${i}`,
          ),
          "  ],",
        ]
      : [
          '  kind: "logistic",',
          `  intercept: ${model.intercept},`,
          "  weights: {",
          ...CONFIDENCE_SIGNALS.map((s) => `    ${s}: ${model.weights[s]},`),
          "  },",
        ]),
    `  threshold: ${chosen.threshold},`,
    "};",
    "",
  ].join("\n");
}
