import { analyzeQuery } from "../retrieval/query/query-analysis.js";
import { IDENTIFIER } from "../text/code-terms.js";

/**
 * GitHub's issue search takes at most five `OR`s; its best match ranks the
 * issues with more of the words first, so six strong words find the
 * candidates and the re-ranking does the rest.
 * See https://docs.github.com/en/search-github/getting-started-with-searching-on-github/troubleshooting-search-queries#limitations-on-query-length
 */
export const MAX_ISSUE_SEARCH_WORDS = 6;

/**
 * The question's strongest words for GitHub's issue search, strongest first
 * (`analyzeQuery`'s weights: names in backticks, stack frames and the
 * title before the body's words): only words written out in the question
 * (never an identifier's stemmed part, which GitHub would not find), three
 * letters or more, no number.
 *
 * @example
 * issueSearchWords("Upload never gives up\n\n`should_give_up` returns False on 500")
 * // ["should_give_up", "gives", "never", "upload", "returns"]
 */
export function issueSearchWords(
  question: string,
  max = MAX_ISSUE_SEARCH_WORDS,
): string[] {
  const written = new Set(
    [...question.matchAll(IDENTIFIER)].map((m) => m[0].toLowerCase()),
  );
  return analyzeQuery(question)
    .terms.map((t) => t.term)
    .filter((term) => term.length >= 3 && written.has(term))
    .slice(0, max);
}
