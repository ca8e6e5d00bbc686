import { camelCaseParts } from "../../text/split-identifier.js";
import { isSearchStopWord } from "../../text/stop-words.js";

// Anything that is not a letter or digit separates words: spaces, "_", "-",
// ".", "/", "::", quotes, brackets.
const SEPARATOR = /[^\p{L}\p{N}]+/u;

/**
 * Turns a query into code-aware search tokens: splits on separators
 * (snake_case, kebab-case, dots, slashes) and inside camelCase, lowercases,
 * drops stop words and one-character tokens, and removes duplicates while
 * keeping the query's order.
 *
 * @example
 * tokenizeSearchQuery("How does retryRequest handle HTTP_TIMEOUT?")
 * // ["retryrequest", "retry", "request", "handle", "http", "timeout"]
 * tokenizeSearchQuery("src/code-host/github.ts") // ["src", "code", "host", "github", "ts"]
 */
export function tokenizeSearchQuery(query: string): string[] {
  const tokens = new Set<string>();
  const add = (text: string) => {
    const token = text.toLowerCase();
    if (token.length > 1 && !isSearchStopWord(token)) tokens.add(token);
  };
  for (const word of query.split(SEPARATOR)) {
    const parts = camelCaseParts(word);
    // The whole identifier is a token too: its parts alone can lose it
    // ("ETag" would leave only "tag"), and it is the strongest evidence.
    if (parts.length > 1) add(word);
    for (const part of parts) add(part);
  }
  return [...tokens];
}
