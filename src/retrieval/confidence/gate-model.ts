import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignal,
  type ConfidenceSignals,
} from "./confidence-signals.js";

/**
 * A logistic model over the gate's signals: the score is the chance, as
 * fitted on the training part, that an answer's shown places hold a file
 * the fix changed.
 */
export interface LogisticGate {
  kind: "logistic";
  intercept: number;
  weights: ConfidenceSignals;
}

/**
 * A small decision tree over the gate's signals, as a table: node 0 is the
 * root; a split sends a question to `then` when its signal is at least
 * `atLeast`, else to `else`; a leaf's score is the share of the training
 * questions that reached it whose shown places hit the fix. A tree can
 * say "a small repository *and* a strong best chunk", which a sum of
 * weighted signals cannot.
 */
export interface TreeGate {
  kind: "tree";
  nodes: readonly GateNode[];
}

export type GateNode =
  | { signal: ConfidenceSignal; atLeast: number; then: number; else: number }
  | { leaf: number };

/** The gate's model and the score at or above which an unasked question is answered; `npm run fit:gate` fits one and writes it as data. */
export type GateModel = (LogisticGate | TreeGate) & { threshold: number };

/**
 * The model's score for a question's signals, in [0, 1].
 *
 * @example
 * gateScore(FITTED_GATE, signals) // 0.93
 */
export function gateScore(
  model: LogisticGate | TreeGate,
  signals: Readonly<Record<string, number>>,
): number {
  if (model.kind === "tree") return treeScore(model.nodes, signals);
  let z = model.intercept;
  for (const name of CONFIDENCE_SIGNALS)
    z += model.weights[name] * (signals[name] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

function treeScore(
  nodes: readonly GateNode[],
  signals: Readonly<Record<string, number>>,
): number {
  let at = 0;
  // A table written by fit:gate descends; the bound only stops a hand-edited cycle.
  for (let step = 0; step <= nodes.length; step++) {
    const node = nodes[at];
    if (!node) break;
    if ("leaf" in node) return node.leaf;
    at = (signals[node.signal] ?? 0) >= node.atLeast ? node.then : node.else;
  }
  throw new TypeError(
    `gate tree: node ${at} is missing or the nodes form a cycle; refit with npm run fit:gate`,
  );
}
