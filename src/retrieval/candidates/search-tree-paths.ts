import { bm25Idf } from "../index/bm25-index.js";
import { pathTerms } from "../index/path-terms.js";
import type { QueryTerm } from "../query/query-analysis.js";

/**
 * Path search over a tree listing, before any file is read: each path scores
 * what ranking gives a path (score-terms.ts, `pathTerms`): for every query
 * term among the path's terms, the term's weight times its IDF over the
 * listed paths, so "fits" in a repository of fits files counts little and
 * "fitsrec" much. Best first, ties by shorter path then path; paths that
 * meet no term are left out.
 *
 * @example
 * searchTreePaths(["src/retry/policy.ts", "README.md"], analyzeQuery("retry policy").terms, 10)
 * // ["src/retry/policy.ts"]
 */
export function searchTreePaths(
  paths: readonly string[],
  terms: readonly Pick<QueryTerm, "term" | "weight">[],
  max: number,
): string[] {
  const weights = new Map(terms.map((t) => [t.term, t.weight]));
  const termsOf = paths.map((path) =>
    pathTerms(path).filter((term) => weights.has(term)),
  );
  const frequency = new Map<string, number>();
  for (const found of termsOf)
    for (const term of found)
      frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const scored: Array<{ path: string; score: number }> = [];
  termsOf.forEach((found, i) => {
    if (found.length === 0) return;
    const score = found.reduce(
      (sum, term) =>
        sum +
        (weights.get(term) as number) *
          bm25Idf(paths.length, frequency.get(term) as number),
      0,
    );
    scored.push({ path: paths[i] as string, score });
  });
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.path.length - b.path.length ||
        (a.path < b.path ? -1 : 1),
    )
    .slice(0, Math.max(0, max))
    .map((s) => s.path);
}
