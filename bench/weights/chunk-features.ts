import {
  EVIDENCE_KINDS,
  type EvidenceWeights,
} from "../../src/retrieval/rank/evidence-weights.js";
import type { RankedChunk } from "../../src/retrieval/rank/rank-chunks.js";
import {
  WEIGHTED_EVIDENCE_KIND,
  type EvidenceKind,
} from "../../src/retrieval/rank/weighted-evidence-kind.js";

/** One ranked chunk as the fit sees it: its score split into what is fixed and what each weight multiplies. */
export interface ChunkFeatures {
  /** Points no weight scales: BM25 over the chunk's text and the share a copy passes, after the file-kind factor. */
  base: number;
  /** Per evidence kind, the points it would earn at weight 1, after the file-kind factor. */
  measure: Record<EvidenceKind, number>;
}

/**
 * Splits a ranked chunk's explained score into the fit's features: each
 * weighted kind's points divided by the weight it was ranked with (its
 * measure), the rest as a fixed base, all times the chunk's file-kind factor,
 * so that `base + Σ weight × measure` is the chunk's score again. A kind
 * ranked with weight 0 has no measure here: rank with every weight above 0
 * to fit them all.
 *
 * @example
 * chunkFeatures(ranked[0], FITTED_WEIGHTS) // { base: 6.1, measure: { file: 8.4, path: 0, definition: 3.3, … } }
 */
export function chunkFeatures(
  ranked: Pick<RankedChunk, "why">,
  weights: EvidenceWeights,
): ChunkFeatures {
  const measure = Object.fromEntries(
    EVIDENCE_KINDS.map((k) => [k, 0]),
  ) as Record<EvidenceKind, number>;
  let unweighted = 0;
  let beforeFactor = 0;
  let factorPoints = 0;
  let copy = 0;
  for (const w of ranked.why) {
    if (w.kind === "file-kind" || w.kind === "set-aside")
      factorPoints += w.points;
    else if (w.kind === "copy") copy += w.points;
    else {
      beforeFactor += w.points;
      const kind = WEIGHTED_EVIDENCE_KIND[w.kind];
      if (kind === undefined) unweighted += w.points;
      else if (weights[kind] > 0) measure[kind] += w.points / weights[kind];
    }
  }
  const factor = beforeFactor > 0 ? 1 + factorPoints / beforeFactor : 1;
  for (const k of EVIDENCE_KINDS) measure[k] *= factor;
  return { base: unweighted * factor + copy, measure };
}
