import {
  EVIDENCE_KINDS,
  type EvidenceWeights,
} from "../../src/retrieval/rank/evidence-weights.js";
import type { Fit } from "./fit-pairwise.js";

/** Where ranking reads its default weights from; `fit:weights --write` rewrites it. */
export const FITTED_WEIGHTS_PATH = "src/retrieval/rank/fitted-weights.ts";

/**
 * The source of fitted-weights.ts for a fit: the weights as data, and in its
 * comment the command that produced them and what the fit gained,
 * so a reader of the ranking knows where each number came from.
 *
 * @example
 * writeFileSync(FITTED_WEIGHTS_PATH, renderFittedWeights(fit, "npm run fit:weights -- --fixed file --write"));
 */
export function renderFittedWeights(fit: Fit, command: string): string {
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = EVIDENCE_KINDS.map(
    (k) => `  ${k}: ${fit.weights[k as keyof EvidenceWeights]},`,
  );
  return [
    'import type { EvidenceWeights } from "./evidence-weights.js";',
    "",
    "/**",
    " * The evidence weights ranking uses by default, fitted by",
    ` * \`${command}\``,
    " * (bench/weights/; the corpus recipe is bench/corpus/recipe.json).",
    ` * ${fit.questions} questions, ${fit.pairs} pairs of chunks: ordered right`,
    ` * ${percent(fit.ordered.prior)} with the weights it started from, ${percent(fit.ordered.fitted)} fitted.`,
    " * Generated: change the corpus or the fit, not this file.",
    " */",
    "export const FITTED_WEIGHTS: EvidenceWeights = {",
    ...lines,
    "};",
    "",
  ].join("\n");
}
