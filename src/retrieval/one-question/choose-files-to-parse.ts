import type { RepositoryIndex } from "../index/index-repository.js";
import { postingRange } from "../index/posting-range.js";
import type { QueryAnalysis } from "../query/query-analysis.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import { resolvePathMentions } from "../rank/resolve-path-mentions.js";

export interface ParseLimits {
  /** Distinct files of the first pass's best chunks (default 100). */
  topFiles?: number;
  /** Per name the question uses, the files that use it most (default 10). */
  usersPerSymbol?: number;
}

export const DEFAULT_TOP_FILES = 100;

const DEFAULT_LIMITS: Required<ParseLimits> = {
  topFiles: DEFAULT_TOP_FILES,
  usersPerSymbol: 10,
};

/**
 * The files of a first-pass index (cut without syntax trees) that can reach
 * a question's context, so are worth their tree: those the question names
 * by path, module or stack frame; the files of the best ranked chunks, best
 * first, up to `topFiles` distinct files; and, for each name the question
 * uses as a symbol, the files that use it most (a file that declares a name
 * mentions it, and the first pass holds no declarations of unparsed files:
 * without its tree a definer would lose the definition evidence that ranks
 * it).
 *
 * @example
 * chooseFilesToParse(firstPass, query, ranked) // Set { 12, 40, 41, … }
 */
export function chooseFilesToParse(
  index: RepositoryIndex,
  query: QueryAnalysis,
  ranked: readonly RankedChunk[],
  limits: ParseLimits = {},
): Set<number> {
  const { topFiles, usersPerSymbol } = { ...DEFAULT_LIMITS, ...limits };
  const chosen = new Set<number>();
  for (const { fileId } of resolvePathMentions(index, query.paths))
    chosen.add(fileId);

  const top = new Set<number>();
  for (const { chunk } of ranked) {
    if (top.size >= topFiles) break;
    top.add(chunk.fileId);
  }
  for (const f of top) chosen.add(f);

  const { bm25, chunkFile } = index;
  for (const term of query.terms) {
    if (!term.symbol) continue;
    const id = bm25.vocabulary.get(term.term);
    if (id === undefined) continue;
    const uses = new Map<number, number>();
    const [from, to] = postingRange(bm25, id);
    for (let k = from; k < to; k++) {
      const f = chunkFile[bm25.docs[k] as number] as number;
      uses.set(f, (uses.get(f) ?? 0) + (bm25.tfs[k] as number));
    }
    const most = [...uses].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [f] of most.slice(0, usersPerSymbol)) chosen.add(f);
  }
  return chosen;
}
