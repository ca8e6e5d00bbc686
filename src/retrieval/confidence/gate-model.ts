import {
  CONFIDENCE_SIGNALS,
  type ConfidenceSignals,
} from "./confidence-signals.js";

/**
 * A logistic model over the gate's signals: the score is the chance, as
 * fitted on the training part, that an answer's shown places hold a file
 * the fix changed. `npm run fit:gate` fits one and writes it as data.
 */
export interface GateModel {
  intercept: number;
  weights: ConfidenceSignals;
  /** The score at or above which an unasked question is answered. */
  threshold: number;
}

/**
 * The model's score for a question's signals, in (0, 1).
 *
 * @example
 * gateScore(FITTED_GATE, signals) // 0.93
 */
export function gateScore(
  model: Pick<GateModel, "intercept" | "weights">,
  signals: Readonly<Record<string, number>>,
): number {
  let z = model.intercept;
  for (const name of CONFIDENCE_SIGNALS)
    z += model.weights[name] * (signals[name] ?? 0);
  return 1 / (1 + Math.exp(-z));
}
