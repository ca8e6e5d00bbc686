import type { RepositoryIndex } from "../../src/retrieval/index/index-repository.js";

/**
 * `index` with its vocabulary and lookup tables copied into Maps: an index
 * loaded from columns answers them from `MapColumns` (same keys, order and
 * values), which jest's equality tells apart from a Map by its class.
 *
 * @example
 * expect(withPlainMaps(loaded)).toStrictEqual(built);
 */
export function withPlainMaps(index: RepositoryIndex): RepositoryIndex {
  return {
    ...index,
    bm25: { ...index.bm25, vocabulary: new Map(index.bm25.vocabulary) },
    definitions: new Map(index.definitions),
    byName: new Map(index.byName),
    pathTerms: new Map(index.pathTerms),
  };
}
