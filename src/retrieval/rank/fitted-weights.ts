import type { EvidenceWeights } from "./evidence-weights.js";

/**
 * The evidence weights ranking uses by default. Hand-set until the first fit;
 * `npm run fit:weights` rewrites this file.
 */
export const FITTED_WEIGHTS: EvidenceWeights = {
  file: 0.5,
  path: 0.5,
  definition: 1,
  place: 1,
  stackFrame: 1,
  phrase: 1.5,
  counterpart: 0.3,
  defines: 0.3,
  caller: 0,
};
