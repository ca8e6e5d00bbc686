import { loadGrammarsFor } from "../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../src/retrieval/index/index-repository.js";
import {
  analyzeQuery,
  type QueryOptions,
} from "../../src/retrieval/query/query-analysis.js";
import {
  rankChunks,
  type RankedChunk,
  type RankOptions,
} from "../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../src/retrieval/types.js";

/**
 * Ranks questions over a small repository indexed once, in `beforeAll`, after
 * its grammars load, as production does (small chunks: 60 tokens, no joins),
 * the question analysed with `query` (say, a vocabulary bridge).
 * Call at the top level of a test file.
 *
 * @example
 * const rank = rankOver(files);
 * it("…", () => expect(rank("where is fold_case")[0]?.chunk.path).toBe("pkg/casing.py"));
 */
export function rankOver(
  files: readonly SourceFile[],
): (
  question: string,
  options?: RankOptions,
  query?: QueryOptions,
) => RankedChunk[] {
  let index: ReturnType<typeof indexRepository> | undefined;
  beforeAll(async () => {
    await loadGrammarsFor(files);
    index = indexRepository(files, { maxTokens: 60, mergeTokens: 1 });
  });
  return (question, options, query) => {
    if (!index) throw new Error("rankOver: index not built yet (beforeAll)");
    return rankChunks(index, analyzeQuery(question, query), options).ranked;
  };
}
