// One camelCase / PascalCase / acronym / digit run at a time:
// "HTTPServerError2" → "HTTP", "Server", "Error", "2".
const WORD_PART = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

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
  const parts: string[] = [];
  for (const match of identifier.matchAll(WORD_PART)) {
    const part = match[0];
    if (
      part.length < 2 ||
      (part.charCodeAt(0) >= 48 && part.charCodeAt(0) <= 57)
    )
      continue;
    parts.push(part.toLowerCase());
  }
  return parts;
}
