// Words that carry no meaning in a question about code ("how does the retry
// logic work") and would match nearly every file. Kept short on purpose: a
// word that is also a common identifier ("get", "error", "type") stays.
const STOP_WORDS = new Set(
  `a about all an and any are as at be been but by can could did do does
   doing done for from had has have how i if in into is it its me my of
   on or our please should so than that the their them then there these
   they this those to was we were what when where which while who whom
   why will with would you your`.split(/\s+/),
);

// Boundaries inside one identifier: "parseHTTPResponse2" → parse HTTP Response2.
// The first alternative ends an acronym before a capitalised word
// ("HTTP|Response"), the second splits lower or digit → upper ("parse|HTTP").
const CAMEL_BOUNDARY = /(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/g;

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
    if (token.length > 1 && !STOP_WORDS.has(token)) tokens.add(token);
  };
  for (const word of query.split(SEPARATOR)) {
    const parts = word.split(CAMEL_BOUNDARY);
    // The whole identifier is a token too: its parts alone can lose it
    // ("ETag" would leave only "tag"), and it is the strongest evidence.
    if (parts.length > 1) add(word);
    for (const part of parts) add(part);
  }
  return [...tokens];
}
