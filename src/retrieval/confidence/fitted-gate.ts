import type { GateModel } from "./gate-model.js";

/**
 * The gate's model before any fit: the best file's margin alone.
 * `npm run fit:gate -- --write` rewrites this file.
 */
export const FITTED_GATE: GateModel = {
  intercept: -3,
  weights: {
    margin: 6,
    lead: 0,
    namesAsked: 0,
    namesDeclared: 0,
    pathsAsked: 0,
    pathsResolved: 0,
    bestNamed: 0,
    bestDefines: 0,
    bestPhrase: 0,
    bestEvidence: 0,
    placesAgree: 0,
    termsCovered: 0,
    fileAgrees: 0,
    pathAgrees: 0,
    smallRepository: 0,
    fewMatched: 0,
  },
  threshold: 0.6,
};
