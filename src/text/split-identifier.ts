// Two ways to cut an identifier into words, for two different matchers:
// - `identifierParts` / `splitIdentifier` take letter runs and digit runs
//   apart ("HTTPServerError2" → HTTP, Server, Error, 2): askcode's own index
//   and the secret-name rules match words, and a digit run is a word of its own.
// - `camelCaseParts` only cuts at case changes and keeps digits with their
//   word ("parseHTTPResponse2" → parse, HTTP, Response2): the query tokens sent
//   to GitHub code search, which indexes "response2" as one token, not two.

// One camelCase / PascalCase / acronym / digit run at a time.
const WORD_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

// Boundaries inside one identifier: the first alternative ends an acronym
// before a capitalised word ("HTTP|Response"), the second splits lower or
// digit → upper ("parse|HTTP").
const CAMEL_BOUNDARY = /(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-z0-9])(?=[A-Z])/g;

/**
 * Every lowercased word of an identifier, digit runs and one-letter parts
 * included; anything that is not an ASCII letter or digit separates.
 *
 * @example
 * identifierParts("this.apiKeyProd2") // ["this", "api", "key", "prod", "2"]
 */
export function identifierParts(identifier: string): string[] {
  return (identifier.match(WORD_PART) ?? []).map((w) => w.toLowerCase());
}

/**
 * The lowercased words inside an identifier, split on `_`, `.`, `-`, `$` and
 * case changes. Digit runs and one-letter parts are dropped: they match
 * everything and mean little.
 *
 * @example
 * splitIdentifier("HTTPServerError")   // ["http", "server", "error"]
 * splitIdentifier("quantity_input")    // ["quantity", "input"]
 * splitIdentifier("__init__")          // ["init"]
 * splitIdentifier("io.fits.getData")   // ["io", "fits", "get", "data"]
 */
export function splitIdentifier(identifier: string): string[] {
  return identifierParts(identifier).filter(
    (part) => part.length >= 2 && !(part[0]! >= "0" && part[0]! <= "9"),
  );
}

/**
 * A word cut at its case changes only, as written (not lowercased); digits
 * stay with the word before them.
 *
 * @example
 * camelCaseParts("parseHTTPResponse2") // ["parse", "HTTP", "Response2"]
 * camelCaseParts("timeout")            // ["timeout"]
 */
export function camelCaseParts(word: string): string[] {
  return word.split(CAMEL_BOUNDARY);
}
