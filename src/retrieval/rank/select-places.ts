import type { RankedChunk } from "./rank-chunks.js";

/** Places the retrieval-only answer lists, and so the places the confidence gate is calibrated on. */
export const ANSWER_PLACES = 5;

/**
 * The most relevant places of a ranking, best first: one per chunk, skipping
 * a chunk that overlaps a better one of the same file, so a list names
 * distinct places rather than neighbouring slices of one function. The
 * retrieval-only answer and `askcode ask` both list these.
 *
 * @example
 * selectPlaces(built.ranked, 5).map((r) => `${r.chunk.path}:${r.chunk.startLine}`)
 * // ["src/upload.ts:9", "src/retry/policy.ts:1", …]
 */
export function selectPlaces(
  ranked: readonly RankedChunk[],
  maxPlaces: number,
): RankedChunk[] {
  const places: RankedChunk[] = [];
  for (const r of ranked) {
    if (places.length >= maxPlaces) break;
    const { chunk } = r;
    const overlaps = places.some(
      ({ chunk: p }) =>
        p.path === chunk.path &&
        p.startLine <= chunk.endLine &&
        chunk.startLine <= p.endLine,
    );
    if (!overlaps) places.push(r);
  }
  return places;
}
