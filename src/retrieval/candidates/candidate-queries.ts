import { analyzeQuery } from "../query/query-analysis.js";

/**
 * Short code-search queries for a question, strongest first: the named
 * symbols alone, then the strongest plain words. Code search ANDs its terms,
 * so one long query of everything usually finds nothing; three short ones
 * cost three paced requests and find the places the question names.
 *
 * @example
 * candidateQueries("Why does `retryUpload` give up after a 502?")
 * // ["retryUpload", "retry upload give"]
 */
export function candidateQueries(question: string, max = 3): string[] {
  const analysis = analyzeQuery(question);
  const symbols = analysis.terms.filter((t) => t.symbol).map((t) => t.term);
  const words = analysis.terms.filter((t) => !t.symbol).map((t) => t.term);
  const queries = [
    ...analysis.paths.map((p) => p.path.split("/").pop() ?? p.path),
    ...symbols.slice(0, 2),
    words.slice(0, 3).join(" "),
  ];
  return [...new Set(queries.filter((q) => q.trim().length > 1))].slice(0, max);
}
