import type { ChunkModel, ChunkOdds } from "../rank/chunk-model.js";

// Tokens a file's section costs beyond its code (header, fences): what a
// file shown for the first time pays before its first line.
export const SECTION_TOKENS = 24;

/**
 * A chunk's tokens estimated from its characters (code averages about four
 * per token): the order is chosen on estimates, and only what is placed is
 * counted with the real tokenizer.
 *
 * @example
 * estimateTokens("def f():\n    return 1\n") // 6
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One candidate as the order sees it. */
export interface ExpectedGoldCandidate {
  /** Its file: the first chunk of a file shown buys the file, later ones only lines. */
  file: number;
  tokens: number;
  odds: ChunkOdds;
}

/**
 * The order to offer chunks to the packer in: greedily, the chunk that adds
 * the most expected gold per token, where a chunk's gain is its chance of
 * holding a changed line, plus, while its file is not shown yet, the model's
 * `newFile` times its file's chance of being a changed file; tokens count
 * to the power `model.cost` (1: per token; below 1, a long chunk is
 * penalised less, as it tends to hold more of the fix's lines). So more of a
 * file already shown goes before another file's best chunk exactly when its
 * expected gold lines per token are higher.
 *
 * @example
 * orderByExpectedGold(candidates, model) // [0, 3, 1, 2, …]: positions in `candidates`
 */
export function orderByExpectedGold(
  candidates: readonly ExpectedGoldCandidate[],
  model: Pick<ChunkModel, "newFile" | "cost">,
): number[] {
  const n = candidates.length;
  const shown = new Set<number>();
  const taken = new Uint8Array(n);
  const order: number[] = [];
  const value = (c: ExpectedGoldCandidate) => {
    const fresh = !shown.has(c.file);
    const gain = c.odds.line + (fresh ? model.newFile * c.odds.file : 0);
    const tokens = c.tokens + (fresh ? SECTION_TOKENS : 0);
    return gain / Math.max(1, tokens) ** model.cost;
  };
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i]) continue;
      const v = value(candidates[i] as ExpectedGoldCandidate);
      // Ties go to the better-ranked chunk (the lower position).
      if (v > bestValue) {
        best = i;
        bestValue = v;
      }
    }
    taken[best] = 1;
    order.push(best);
    shown.add((candidates[best] as ExpectedGoldCandidate).file);
  }
  return order;
}
