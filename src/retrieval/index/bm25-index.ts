import { Bm25Builder, type Bm25Index } from "./bm25-builder.js";
import { postingRange } from "./posting-range.js";
export type { Bm25Index };

/**
 * BM25 parameters (Robertson and Zaragoza, "The Probabilistic Relevance
 * Framework: BM25 and Beyond", 2009). k1 = 1.2 is the usual saturation: the
 * tenth use of a name in a chunk adds little over the third. b = 0.75 is the
 * usual length normalisation; chunks are already bounded in size, so the
 * exact value matters little.
 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * Builds the index, tokenizing each document once. Each identifier-shaped word
 * counts as its whole lowercased self and as its parts (see `identifierTerms`);
 * the split of each distinct word is computed once for the whole build.
 *
 * @example
 * const index = buildBm25Index(["def parse_url(url):", "class Session:"]);
 * index.vocabulary.has("parse_url") // true
 * index.vocabulary.has("url")       // true
 */
export function buildBm25Index(documents: readonly string[]): Bm25Index {
  const builder = new Bm25Builder();
  for (const text of documents) {
    builder.add(text);
    builder.endDocument();
  }
  return builder.finish();
}

/** BM25's inverse document frequency (the "plus one" form, never negative). */
export function bm25Idf(docCount: number, docFrequency: number): number {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}

/** BM25's saturated, length-normalised term frequency. */
export function bm25Tf(
  tf: number,
  docLength: number,
  avgDocLength: number,
): number {
  return (
    (tf * (BM25_K1 + 1)) /
    (tf + BM25_K1 * (1 - BM25_B + (BM25_B * docLength) / (avgDocLength || 1)))
  );
}

/** The term frequency of `termId` in `doc`, by binary search in its postings (0 when absent). */
export function termFrequency(
  index: Bm25Index,
  termId: number,
  doc: number,
): number {
  const [from, to] = postingRange(index, termId);
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const d = index.docs[mid] as number;
    if (d === doc) return index.tfs[mid] as number;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
