import type { RepositoryIndex } from "../../src/retrieval/index/index-repository.js";
import { postingRange } from "../../src/retrieval/index/posting-range.js";

/**
 * `index` with its vocabulary and lookup tables copied into Maps: an index
 * loaded from columns answers them from `MapColumns` (same keys, order and
 * values), which jest's equality tells apart from a Map by its class. Every
 * term's postings are read first: a loaded index reads them as asked.
 *
 * @example
 * expect(withPlainMaps(loaded)).toStrictEqual(built);
 */
export function withPlainMaps(index: RepositoryIndex): RepositoryIndex {
  for (let t = 0; t + 1 < index.bm25.start.length; t++)
    postingRange(index.bm25, t);
  return {
    ...index,
    bm25: { ...index.bm25, vocabulary: new Map(index.bm25.vocabulary) },
    definitions: new Map(index.definitions),
    byName: new Map(index.byName),
    pathTerms: new Map(index.pathTerms),
  };
}
