import { chunkOdds, type ChunkModel } from "../rank/chunk-model.js";
import { chunkSignals } from "../rank/chunk-signals.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import { estimateTokens, orderByExpectedGold } from "./expected-gold.js";

export interface LearnedOrder {
  /** The candidates in the order packing offers them. */
  candidates: RankedChunk[];
  /**
   * Per candidate (same order), its strength beside the best, 0 to 1, that
   * chooses its forms (`preferredForms`): its score's share of the best
   * score, or, when higher, its chance of holding a changed line over the
   * likeliest chunk's, so a continuation the model expects the fix in is
   * shown as code although its words matched little.
   */
  strength: number[];
}

/**
 * The ranked chunks in the order the chunk model expects the most of the
 * fix per token (`orderByExpectedGold`), with the strength each is placed by;
 * without a model, the ranking's order and score shares.
 *
 * @example
 * const { candidates, strength } = learnedOrder(ranked.slice(0, 600), CHUNK_MODEL);
 */
export function learnedOrder(
  ranked: readonly RankedChunk[],
  model: ChunkModel | null,
): LearnedOrder {
  const top = ranked[0]?.score ?? 0;
  const share = (c: RankedChunk) => (top > 0 ? c.score / top : 0);
  if (!model || ranked.length === 0)
    return { candidates: [...ranked], strength: ranked.map(share) };
  const odds = chunkOdds(chunkSignals(ranked), model);
  let likeliest = 0;
  for (const o of odds) likeliest = Math.max(likeliest, o.line);
  const order = orderByExpectedGold(
    ranked.map((r, i) => ({
      file: r.chunk.fileId,
      share: share(r),
      tokens: estimateTokens(r.chunk.text),
      odds: odds[i] as (typeof odds)[number],
    })),
    model,
  );
  return {
    candidates: order.map((i) => ranked[i] as RankedChunk),
    strength: order.map((i) =>
      Math.max(
        share(ranked[i] as RankedChunk),
        likeliest > 0 ? (odds[i]?.line ?? 0) / likeliest : 0,
      ),
    ),
  };
}
