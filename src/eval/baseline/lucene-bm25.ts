import { createAnalyzer, type Analyzer } from "./lucene-analyzer.js";

/** Pyserini's BM25 defaults (`LuceneSearcher.set_bm25` is never called by SWE-bench). */
export const PYSERINI_BM25 = { k1: 0.9, b: 0.4 } as const;

// Lucene refuses a query with more clauses than this (IndexSearcher.maxClauseCount),
// and SWE-bench then retries on the first 80% of the issue, again and again.
export const MAX_CLAUSE_COUNT = 1024;

export interface Bm25Document {
  id: string;
  text: string;
}

export interface LuceneBm25Index {
  ids: string[];
  /** Term → [docIndex, termFrequency] pairs, flattened. */
  postings: Map<string, number[]>;
  /** Document length as Lucene scores it: the token count through its 1-byte norm. */
  norms: Float64Array;
  /** Mean length over all documents, from the exact token counts (Lucene's sumTotalTermFreq / docCount). */
  avgLength: number;
  /** The analyzer the documents went through; queries go through it too. */
  analyze: Analyzer;
}

export interface ScoredDocument {
  id: string;
  score: number;
}

/**
 * Indexes documents as Pyserini's `JsonCollection` indexer does for
 * SWE-bench: one field, analyzed by `analyze`, document lengths stored in
 * Lucene's lossy one-byte norm (exact below 24 tokens, four significant bits
 * above), which is what BM25 then sees.
 *
 * @example
 * const index = buildLuceneBm25Index([{ id: "a.py", text: "a.py\ndef retry(): ..." }]);
 */
export function buildLuceneBm25Index(
  documents: readonly Bm25Document[],
): LuceneBm25Index {
  const postings = new Map<string, number[]>();
  const norms = new Float64Array(documents.length);
  let total = 0;
  const analyze = createAnalyzer();
  documents.forEach((document, d) => {
    const counts = new Map<string, number>();
    const terms = analyze(document.text);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term);
      if (list) list.push(d, tf);
      else postings.set(term, [d, tf]);
    }
    total += terms.length;
    norms[d] = byte4ToInt(intToByte4(terms.length));
  });
  return {
    ids: documents.map((document) => document.id),
    postings,
    norms,
    avgLength: documents.length > 0 ? total / documents.length : 0,
    analyze,
  };
}

/**
 * Pyserini's `LuceneSearcher.search(query, k)`: the query analyzed like the
 * documents, one SHOULD clause per distinct term boosted by its count
 * (Anserini's BagOfWordsQueryGenerator), scored with Lucene's BM25Similarity:
 * idf = ln(1 + (N - n + 0.5) / (n + 0.5)), tf part = f / (f + k1·(1 - b + b·dl/avgdl)).
 * Ties go to the earlier document, as Lucene's doc-id order does.
 *
 * Like SWE-bench's `search()`, a query with more than 1024 distinct terms
 * is retried on the first 80% of its text until it fits.
 *
 * @example
 * searchLuceneBm25(index, issue.problem_statement, 20) // [{ id: "requests/sessions.py", score: 41.2 }, …]
 */
export function searchLuceneBm25(
  index: LuceneBm25Index,
  query: string,
  k: number,
  params: { k1: number; b: number } = PYSERINI_BM25,
): ScoredDocument[] {
  let text = query;
  let counts = countTerms(index.analyze, text);
  while (counts.size > MAX_CLAUSE_COUNT) {
    text = text.slice(0, Math.round(text.length * 0.8));
    counts = countTerms(index.analyze, text);
  }
  const n = index.ids.length;
  const scores = new Float64Array(n);
  const touched = new Uint8Array(n);
  for (const [term, boost] of counts) {
    const list = index.postings.get(term);
    if (!list) continue;
    const df = list.length / 2;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (let p = 0; p < list.length; p += 2) {
      const d = list[p] as number;
      const tf = list[p + 1] as number;
      const norm =
        params.k1 *
        (1 -
          params.b +
          (params.b * (index.norms[d] as number)) / index.avgLength);
      scores[d] = (scores[d] as number) + (boost * idf * tf) / (tf + norm);
      touched[d] = 1;
    }
  }
  const hits: number[] = [];
  for (let d = 0; d < n; d++) if (touched[d] === 1) hits.push(d);
  hits.sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  return hits
    .slice(0, k)
    .map((d) => ({ id: index.ids[d] as string, score: scores[d] as number }));
}

function countTerms(analyze: Analyzer, text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of analyze(text))
    counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

// Lucene's SmallFloat.intToByte4 / byte4ToInt (org.apache.lucene.util.SmallFloat):
// values below 24 are stored exactly, larger ones as a 4-bit-mantissa float.
const NUM_FREE_VALUES = 255 - longToInt4(2 ** 31 - 1);

function longToInt4(i: number): number {
  const numBits = 32 - Math.clz32(i); // lengths fit in 32 bits
  if (numBits < 4) return i;
  const shift = numBits - 4;
  return (Math.floor(i / 2 ** shift) & 0x07) | ((shift + 1) << 3);
}

function int4ToLong(i: number): number {
  const bits = i & 0x07;
  const shift = (i >>> 3) - 1;
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift;
}

/** Encodes a document length into Lucene's one-byte norm. */
export function intToByte4(i: number): number {
  return i < NUM_FREE_VALUES
    ? i
    : NUM_FREE_VALUES + longToInt4(i - NUM_FREE_VALUES);
}

/** Decodes a one-byte norm back to the length BM25 uses. */
export function byte4ToInt(b: number): number {
  return b < NUM_FREE_VALUES
    ? b
    : NUM_FREE_VALUES + int4ToLong(b - NUM_FREE_VALUES);
}
