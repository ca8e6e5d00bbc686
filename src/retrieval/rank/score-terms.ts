import { bm25Idf, bm25Tf } from "../index/bm25-index.js";
import { postingRange } from "../index/posting-range.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import type { QueryTerm } from "../query/query-analysis.js";

/** A query term resolved against one index. */
export interface ScoredTerm {
  query: QueryTerm;
  termId: number;
  /** Chunk-level inverse document frequency. */
  idf: number;
}

export interface TermScores {
  terms: ScoredTerm[];
  /** BM25 over chunks, per chunk. */
  chunk: Float64Array;
  /** BM25 over files (all of a file's chunks as one document), per file. */
  file: Float64Array;
  /** Query terms in the file's path, weight × IDF over paths, per file. */
  path: Float64Array;
}

/**
 * Weighted BM25 of the query over chunks and over files, in one pass over the
 * postings of the query's terms, and the query's terms in each file's path.
 * Terms the index has never seen in text are dropped from `terms`.
 *
 * @example
 * const scores = scoreTerms(index, analyzeQuery("Session.request drops the timeout").terms);
 * scores.chunk[42] // BM25 points of chunk 42
 */
export function scoreTerms(
  index: RepositoryIndex,
  queryTerms: readonly QueryTerm[],
): TermScores {
  const { bm25, chunkFile, fileLength, avgFileLength } = index;
  const chunk = new Float64Array(bm25.docCount);
  const file = new Float64Array(index.files.length);
  const path = new Float64Array(index.files.length);
  const fileTf = new Float64Array(index.files.length);
  const touched: number[] = [];
  const terms: ScoredTerm[] = [];

  for (const query of queryTerms) {
    const termId = bm25.vocabulary.get(query.term);
    if (termId !== undefined) {
      const [from, to] = postingRange(bm25, termId);
      const idf = bm25Idf(bm25.docCount, to - from);
      terms.push({ query, termId, idf });
      for (let k = from; k < to; k++) {
        const doc = bm25.docs[k] as number;
        const tf = bm25.tfs[k] as number;
        chunk[doc] =
          (chunk[doc] as number) +
          query.weight *
            idf *
            bm25Tf(tf, bm25.docLength[doc] as number, bm25.avgDocLength);
        const f = chunkFile[doc] as number;
        if (fileTf[f] === 0) touched.push(f);
        fileTf[f] = (fileTf[f] as number) + tf;
      }
      const fileIdf = bm25Idf(index.files.length, touched.length);
      for (const f of touched) {
        file[f] =
          (file[f] as number) +
          query.weight *
            fileIdf *
            bm25Tf(fileTf[f] as number, fileLength[f] as number, avgFileLength);
        fileTf[f] = 0;
      }
      touched.length = 0;
    }
    const inPaths = index.pathTerms.get(query.term);
    if (inPaths) {
      const pathIdf = bm25Idf(index.files.length, inPaths.length);
      for (const f of inPaths)
        path[f] = (path[f] as number) + query.weight * pathIdf;
    }
  }
  return { terms, chunk, file, path };
}
