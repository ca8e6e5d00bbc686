import { isPlaceholder, looksRandom } from "./looks-random.js";
import type { SecretSpan } from "./secret-span.js";
import { ANY_TOKEN_PREFIX, tokenPrefix } from "./token-prefixes.js";

// A known prefix where a token starts (not inside a name, a path or another
// token, though after the `_` that opens emphasis: `_ghp_…_`; the
// look-behind also keeps a 64 KB run of `sk-sk-sk-…` linear), then the
// token's characters, ending on a letter or digit so the period that ends
// a sentence stays.
const NAME_CHAR = String.raw`[A-Za-z0-9_.\-]`;
const PREFIXED = new RegExp(
  String.raw`(?:(?<!${NAME_CHAR})|(?<=(?:^|[^A-Za-z0-9_.\-])_))${ANY_TOKEN_PREFIX}${NAME_CHAR}*[A-Za-z0-9](?![A-Za-z0-9])`,
  "g",
);
// Characters a token body carries besides letters and digits.
const SEPARATOR = /[_.\-]/g;
// A body shorter than this without separators is too short to be a key
// (a GitHub token's is 36, an AWS key id's 16).
const MIN_BODY = 16;
// The longest unbroken run a body must have: a random token has one, and
// a name built of words (`npm_config_cache_dir_2024`) does not.
const MIN_RUN = 10;

/**
 * Where a provider's prefix (`TOKEN_PREFIXES`) begins a random-looking token
 * of any length: `ghp_` with 35, 37 or 39 characters, which secretlint's
 * exact-length rules let through (a model may drop or add a character, and
 * formats grow: GitHub allows its tokens up to 255). The body after the
 * prefix must be 16 or more letters and digits, hold an unbroken run of 10
 * or more, and look random (`looksRandom`), so `ghp_token_prefix`,
 * `sk-learn`, `AKIAIOSFODNN7EXAMPLE` and `xoxb-your-token` stay.
 *
 * @example
 * findPrefixedTokens(`token ${"ghp_" + "R8x2Lk9Qw3ZtAbCdEf123456uvwxYZ7890abc"}`)
 * // [{ start: 6, end: 47, label: "GitHub token" }]
 */
export function findPrefixedTokens(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const match of text.matchAll(PREFIXED)) {
    const token = match[0];
    const found = tokenPrefix(token);
    if (!found || !isTokenBody(token.slice(found.prefix.length))) continue;
    if (isPlaceholder(token)) continue;
    spans.push({
      start: match.index,
      end: match.index + token.length,
      label: found.label,
    });
  }
  return spans;
}

function isTokenBody(body: string): boolean {
  const longest = Math.max(...body.split(SEPARATOR).map((run) => run.length));
  return longest >= MIN_RUN && isRandomBody(body.replace(SEPARATOR, ""));
}

/**
 * True when what follows a provider's prefix, its separators taken out, is
 * long and random enough to be a token's body: 16 or more characters that
 * look random (`looksRandom`) and are not one character over and over. The
 * one test for a body, whether it was written whole or put together from
 * fragments (`findSplitSecrets`).
 *
 * @example
 * isRandomBody("R8x2Lk9Qw3ZtAbCdEf") // true
 * isRandomBody("configcachedir") // false (too short)
 */
export function isRandomBody(plain: string): boolean {
  return (
    plain.length >= MIN_BODY && looksRandom(plain) && new Set(plain).size > 1
  );
}
