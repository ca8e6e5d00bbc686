import { packContext } from "../retrieval/pack/pack-context.js";
import type {
  PackedContext,
  PackOptions,
} from "../retrieval/pack/packing-types.js";
import type { RetrievedContext } from "../retrieval/retrieve-context.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { CoChangeHistory } from "../retrieval/history/co-change-history.js";

/**
 * Packs a retrieval's ranking again under other options, exactly as
 * `retrieveContext` packed it (the same candidates, index and budget): only
 * the options differ. Ranking is the slow part of a question, so packing
 * knobs are compared, and chosen, on one ranking per question.
 *
 * @example
 * const off = repackRanking(retrieved, 13_000, tokenCounter, { chunkModel: null });
 */
export function repackRanking(
  retrieved: Pick<RetrievedContext, "ranked" | "index"> & {
    context: Pick<PackedContext, "chunksAvailable">;
  },
  budget: number,
  tokenCounter: TokenCounter,
  options: PackOptions,
  history?: CoChangeHistory,
): PackedContext {
  const { index } = retrieved;
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  return packContext({
    ranked: retrieved.ranked,
    chunksAvailable: retrieved.context.chunksAvailable,
    files: index.files,
    lineCount: (path) => lineCounts.get(path) ?? 0,
    budget,
    tokenCounter,
    options,
    ...(history ? { history } : {}),
  });
}
