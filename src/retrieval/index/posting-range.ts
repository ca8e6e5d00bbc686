import type { Bm25Index } from "./bm25-builder.js";

/**
 * Makes postings `from` to `to` (positions in `docs` and `tfs`) readable:
 * for an index whose postings are read from disk as they are first needed
 * (an index snapshot's, `cli/snapshot-postings.ts`).
 */
export type PostingsReader = (from: number, to: number) => void;

// Readers by the index they fill; an index built in memory has none.
const readers = new WeakMap<Bm25Index, PostingsReader>();

/**
 * Hands `index` the reader that fills its `docs` and `tfs` by ranges: until
 * a range is read they hold zeros, so every reader of postings asks for its
 * range with `postingRange` first.
 *
 * @example
 * rememberPostingsReader(index.bm25, (from, to) => fillFromDisk(from, to));
 */
export function rememberPostingsReader(
  index: Bm25Index,
  read: PostingsReader,
): void {
  readers.set(index, read);
}

/**
 * Where term `termId`'s postings lie in `docs` and `tfs`, read first when
 * the index reads them from disk: the one way to a term's postings.
 *
 * @example
 * const [from, to] = postingRange(index.bm25, termId);
 * for (let k = from; k < to; k++) use(index.bm25.docs[k], index.bm25.tfs[k]);
 */
export function postingRange(
  index: Bm25Index,
  termId: number,
): [from: number, to: number] {
  const from = index.start[termId] ?? 0;
  const to = index.start[termId + 1] ?? 0;
  if (to > from) readers.get(index)?.(from, to);
  return [from, to];
}

/**
 * How many postings term `termId` has (the chunks that use it), without
 * reading them: for a reader that skips a term too common to be worth it.
 *
 * @example
 * if (postingCount(index.bm25, termId) > maxCallers) continue;
 */
export function postingCount(index: Bm25Index, termId: number): number {
  return (index.start[termId + 1] ?? 0) - (index.start[termId] ?? 0);
}
