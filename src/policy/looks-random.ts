// Values that stand for a secret without being one: templates, references, fillers.
const PLACEHOLDER =
  /^(?:\$\{.*\}|\$\(.*\)|\{\{.*\}\}|<.*>|%\(?\w*\)?s|\[redacted.*\]|(.)\1*)$/i;
// `$DB_PASSWORD`, `%API_KEY%`: an environment variable, named in capitals, so
// a password that merely starts with `$` is not taken for one.
const VARIABLE = /^(?:\$[A-Z_][A-Z0-9_]*|%[A-Z_][A-Z0-9_]*%)$/;
const PLACEHOLDER_WORDS =
  /your|example|sample|changeme|change_me|placeholder|dummy|redacted|xxxx|\*\*\*|^(?:password|secret|token|none|null|undefined)$/i;
// Words joined by separators or camelCase: a name, not a credential.
const WORDS = /^(?:[a-z]+(?:[-_.][a-z]+)*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*)$/;
// `process.env.GITHUB_TOKEN`, `self.api_key`: a reference to where a secret is kept.
const REFERENCE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/**
 * True when a string is words or one name made of them (`retry`,
 * `isSecret`, `cache_dir`), not a fragment of a credential.
 *
 * @example
 * looksLikeWords("isSecret") // true
 * looksLikeWords("KBG28D") // false
 */
export function looksLikeWords(value: string): boolean {
  return WORDS.test(value);
}

/**
 * True when a string looks like a credential rather than a word, a name or a
 * placeholder: at least 8 characters, no placeholder markers, a mix of
 * character classes (a digit, both cases, or a symbol), and enough Shannon
 * entropy for its length. Used where a key name alone (`password = …`) is the
 * only evidence, so `"changeme"`, `"${DB_PASSWORD}"` and `"my-secret-name"`
 * survive while `"hunter22"` and `"9f8Qz1pLw0"` do not.
 *
 * @example
 * looksRandom("9f8Qz1pLw0xT") // true
 * looksRandom("my-secret-name") // false (words)
 * looksRandom("${TOKEN}") // false (a placeholder)
 */
export function looksRandom(value: string): boolean {
  if (value.length < 8 || isPlaceholder(value)) return false;
  // Numbers are counts, ports and ids far more often than credentials.
  if (
    looksLikeWords(value) ||
    REFERENCE.test(value) ||
    /^[\d.,_]+$/.test(value)
  )
    return false;
  const digit = /\d/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  const symbol = /[^A-Za-z0-9_.-]/.test(value);
  if (!digit && !mixedCase && !symbol) return false;
  // Eight distinct characters give 3 bits; ask a little less of short values.
  return shannonBits(value) >= Math.min(3, Math.log2(value.length) - 0.5);
}

/**
 * True when a value stands for a secret instead of being one: a template or
 * variable (`${DB_PASSWORD}`, `$DB_PASSWORD`, `{{ token }}`, `<your-token>`), a filler (`xxxxxxxx`,
 * `****`), a marker askcode wrote, or a word such as `changeme` or `password`.
 *
 * @example
 * isPlaceholder("<your-token>") // true
 * isPlaceholder("s3cretPw") // false
 */
export function isPlaceholder(value: string): boolean {
  return (
    PLACEHOLDER.test(value) ||
    VARIABLE.test(value) ||
    PLACEHOLDER_WORDS.test(value)
  );
}

/** Shannon entropy of the characters of `text`, in bits per character. */
export function shannonBits(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
