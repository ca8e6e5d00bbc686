import { readFileSync } from "node:fs";
import {
  EVIDENCE_KINDS,
  type EvidenceWeights,
} from "../../src/retrieval/rank/evidence-weights.js";
import { FITTED_WEIGHTS } from "../../src/retrieval/rank/fitted-weights.js";

/**
 * Evidence weights from a JSON file of `{ kind: weight }`: the kinds it names
 * replace the fitted ones, the others stay. Throws naming the file and the key
 * for an unknown kind or a weight that is not a number ≥ 0, so a typo never
 * runs a benchmark on weights nobody chose.
 *
 * @example
 * readWeights("/tmp/try.json") // { ...FITTED_WEIGHTS, caller: 0.2 } for {"caller": 0.2}
 */
export function readWeights(path: string): EvidenceWeights {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `${path}: not a JSON file of evidence weights (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${path}: expected an object of evidence weights`);
  const weights: EvidenceWeights = { ...FITTED_WEIGHTS };
  for (const [key, value] of Object.entries(parsed)) {
    if (!(EVIDENCE_KINDS as readonly string[]).includes(key))
      throw new Error(
        `${path}: "${key}" is not an evidence kind (${EVIDENCE_KINDS.join(", ")})`,
      );
    if (typeof value !== "number" || !(value >= 0))
      throw new Error(
        `${path}: "${key}" must be a number ≥ 0, got ${JSON.stringify(value)}`,
      );
    weights[key as keyof EvidenceWeights] = value;
  }
  return weights;
}
