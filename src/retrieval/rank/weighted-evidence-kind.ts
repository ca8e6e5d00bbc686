import type { ScoreContribution } from "./collect-evidence.js";
import type { EVIDENCE_KINDS } from "./evidence-weights.js";

/** One kind of evidence a weight scales (`EvidenceWeights`). */
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * The evidence weight each kind of a ranked chunk's `why` contribution is
 * scaled by. Terms (BM25), copies and file-kind factors have no weight of
 * their own; stack frames' chunk evidence has its own. Both the weights' fit
 * and the chunk model read a score through this one table.
 *
 * @example
 * WEIGHTED_EVIDENCE_KIND["stack-frame"] // "stackFrame"
 * WEIGHTED_EVIDENCE_KIND.term           // undefined
 */
export const WEIGHTED_EVIDENCE_KIND: Partial<
  Record<ScoreContribution["kind"], EvidenceKind>
> = {
  file: "file",
  path: "path",
  definition: "definition",
  place: "place",
  "stack-frame": "stackFrame",
  phrase: "phrase",
  counterpart: "counterpart",
  defines: "defines",
  caller: "caller",
};
