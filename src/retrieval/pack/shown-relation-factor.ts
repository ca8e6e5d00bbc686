import type { ChunkModel } from "../rank/chunk-model.js";
import {
  LEAD_SIGNALS,
  leadRelations,
  leadSignalValues,
  relationsTo,
} from "../rank/file-lead-relations.js";
import type { RankedChunk } from "../rank/rank-chunks.js";

/**
 * What the chunks packing has taken of a file make of another chunk's
 * expected lines: the line head read its relations to the file's first
 * ranked chunks (`leadRelations`); here the same weights read them against
 * the chunks taken instead, so the softmax logit moves by the difference
 * (times `model.shownRelations`) and the chunk's share by its exponent (the
 * softmax's sum over hundreds of chunks barely moves with one).
 *
 * @example
 * const relate = shownRelationFactor(ranked, model);
 * relate(7, [0, 2]) // 1.3: chunk 7 is beside chunk 2, taken
 */
export function shownRelationFactor(
  ranked: readonly RankedChunk[],
  model: Pick<ChunkModel, "line" | "shownRelations" | "secondLook">,
): (at: number, taken: readonly number[]) => number {
  const look = model.secondLook;
  if (look) {
    const w = LEAD_SIGNALS.map((s) => look.weights[s] ?? 0);
    return (at, taken) => {
      const { chunk } = ranked[at] as RankedChunk;
      const others = taken
        .filter((t) => t !== at)
        .map((t) => (ranked[t] as RankedChunk).chunk);
      if (others.length === 0) return 1;
      const v = leadSignalValues(relationsTo(chunk, others));
      return Math.exp(
        look.bias + v.reduce((sum, x, k) => sum + x * (w[k] as number), 0),
      );
    };
  }
  const weights = LEAD_SIGNALS.map((s) => model.line[s]);
  const scale = model.shownRelations ?? 0;
  const logit = (values: readonly number[]): number =>
    values.reduce((sum, v, k) => sum + v * (weights[k] as number), 0);
  const asRanked = leadRelations(ranked).map((r) => logit(leadSignalValues(r)));
  return (at, taken) => {
    const { chunk } = ranked[at] as RankedChunk;
    const others = taken
      .filter((t) => t !== at)
      .map((t) => (ranked[t] as RankedChunk).chunk);
    if (others.length === 0) return 1;
    const shown = logit(leadSignalValues(relationsTo(chunk, others)));
    return Math.exp(scale * (shown - (asRanked[at] as number)));
  };
}
