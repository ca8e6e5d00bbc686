/**
 * What stands where a secret was: `REDACTED_` and the secret's name in
 * capitals, words joined by `_` (`REDACTED_GITHUB_TOKEN` for a "GitHub
 * token").
 *
 * Capitals, digits and underscores only, so Markdown reads a marker as one
 * word wherever it lands. The old `[redacted password]` did not: its space
 * ended a bare URL GitHub links and split a token in two, its brackets made
 * a link beside `(url)` or a `[label]: url` definition, and a `]` before
 * `@host` (`postgres://admin:[redacted password]@db.internal`) left `@db`
 * starting a mention. A marker has no space, backtick, bracket, `<`, `&`,
 * `|`, `$`, `*`, `~`, `\`, `@` or `#`, so it cannot end a code span, open a
 * link, a tag, an entity, a table cell or math, escape what follows, or
 * start a mention or a reference; and an `_` between letters opens no
 * emphasis (CommonMark's flanking rules,
 * https://spec.commonmark.org/0.31.2/#left-flanking-delimiter-run). It
 * starts and ends with a word character, so `…@` or `@…` beside it is
 * inside a word, as the secret it replaces was. No rule takes it for a
 * secret (`isPlaceholder`), so redacting twice changes nothing.
 *
 * @example
 * redactionMarker("GitHub token") // "REDACTED_GITHUB_TOKEN"
 * redactionMarker("1Password token") // "REDACTED_1PASSWORD_TOKEN"
 */
export function redactionMarker(label: string): string {
  const name = label
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return name === "" ? "REDACTED" : `REDACTED_${name}`;
}

/** What a secret found only once a disguise was undone is called: `REDACTED_OBFUSCATED_SECRET`. */
export const OBFUSCATED_LABEL = "obfuscated secret";
