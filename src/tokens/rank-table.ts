import type { Steps } from "../shared/time-slices.js";

/** Byte-pair ranks by token bytes, each byte one character (latin1), as `countPieceTokens` looks them up. */
export type RankTable = ReadonlyMap<string, number>;

// Tokens decoded between two pauses: about a millisecond's work.
const TOKENS_PER_STEP = 2_000;

/**
 * Decodes js-tiktoken's compressed rank table (`TiktokenBPE.bpe_ranks`), in
 * steps: building o200k_base's 200,000 entries takes most of a second, which
 * must not hold the event loop in one piece. Each line is
 * `<prefix> <first rank> <token> <token> …`, a token base64 of its bytes,
 * ranks consecutive from the first; js-tiktoken's constructor reads it so
 * (`src/core.ts`).
 *
 * @example
 * const ranks = runToEnd(rankTableSteps(require("js-tiktoken/ranks/o200k_base").bpe_ranks));
 * ranks.get("hello") // 24912
 */
export function* rankTableSteps(bpeRanks: string): Steps<RankTable> {
  const ranks = new Map<string, number>();
  let decoded = 0;
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue;
    const [, first, ...tokens] = line.split(" ");
    const offset = Number.parseInt(first as string, 10);
    for (const [i, token] of tokens.entries()) {
      // atob gives the bytes as a binary string, with no Buffer per token.
      ranks.set(atob(token), offset + i);
      if (++decoded % TOKENS_PER_STEP === 0) yield;
    }
  }
  return ranks;
}
