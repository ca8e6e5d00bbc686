import type { RankTable } from "./rank-table.js";

/**
 * Tokens in one pre-token (`bytes`: its UTF-8 bytes, one character each),
 * by tiktoken's byte-pair merge: while some adjacent pair of parts is a
 * token, merge the pair of lowest rank (the first, on a tie). This is
 * js-tiktoken's `bytePairEncode` counted instead of collected, so counts
 * equal `encode(text).length`: a whole pre-token that is a token is one, and
 * a part with no rank is not counted, as js-tiktoken drops it.
 *
 * @example
 * countPieceTokens(" hello", ranks) // 1
 * countPieceTokens(Buffer.from(" naïveté").toString("latin1"), ranks) // 3
 */
export function countPieceTokens(bytes: string, ranks: RankTable): number {
  if (bytes.length === 1 || ranks.has(bytes)) return 1;
  // Part k is bytes [bounds[k], bounds[k + 1]).
  const bounds = Array.from({ length: bytes.length + 1 }, (_, i) => i);
  while (bounds.length > 2) {
    let best = -1;
    let bestRank = Infinity;
    for (let k = 0; k + 2 < bounds.length; k++) {
      const rank = ranks.get(
        bytes.slice(bounds[k] as number, bounds[k + 2] as number),
      );
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = k;
      }
    }
    if (best < 0) break;
    bounds.splice(best + 1, 1);
  }
  let count = 0;
  for (let k = 0; k + 1 < bounds.length; k++)
    if (ranks.has(bytes.slice(bounds[k] as number, bounds[k + 1] as number)))
      count++;
  return count;
}
