import {
  buildLuceneBm25Index,
  searchLuceneBm25,
} from "./baseline/lucene-bm25.js";
import { swebenchDocument } from "./baseline/swebench-documents.js";

/** SWE-bench's retrieval keeps the 20 best files (`searcher.search(…, k=20)`). */
export const BM25_TOP_K = 20;

/**
 * The baseline's ranking: SWE-bench's BM25 over its documents (the
 * instance's source files, as read), searched with the issue once.
 *
 * @example
 * const { documents, top } = rankBaseline(documentPaths, texts, instance.problem_statement);
 * top // ["src/walk.rs", …], at most BM25_TOP_K paths, best first
 */
export function rankBaseline(
  documentPaths: readonly string[],
  texts: ReadonlyMap<string, string>,
  question: string,
): { documents: number; top: string[] } {
  const documents = documentPaths.flatMap((path) => {
    const text = texts.get(path);
    return text === undefined ? [] : [swebenchDocument({ path, text })];
  });
  const bm25 = buildLuceneBm25Index(documents);
  const top = searchLuceneBm25(bm25, question, BM25_TOP_K).map((hit) => hit.id);
  return { documents: documents.length, top };
}
