import type { EvidenceWeights } from "./evidence-weights.js";

/**
 * The evidence weights ranking uses by default: still hand-set, since no fit
 * so far beats them on the held-out corpus at every budget
 * (docs/architecture/retrieval.md, 'Evidence weights and how they are
 * fitted'). `npm run fit:weights -- --write` rewrites this file.
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
