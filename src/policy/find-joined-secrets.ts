import type { SecretSpan } from "./secret-span.js";
import { ANY_TOKEN_PREFIX } from "./token-prefixes.js";

/**
 * Where a secret is split into string literals joined back together: a
 * provider's prefix glued to the rest (`"sk-" + "…"`, `'ghp_' + '…'`,
 * `"AKIA" "…"` in Python, `["xoxb-", "…"].join("")`), which no single-token
 * rule sees. `isSecret` judges the joined value (the same rules that redact
 * a whole token); a chain that starts with a known prefix and goes on with
 * 8 or more characters of letters and digits is one too, whatever the
 * provider's exact format. A template literal's pieces count too
 * (`` `${"sk-"}a1b2…` ``). Every piece's content is redacted, the quotes and
 * operators stay, and so do the lines (a chain may span several).
 *
 * @example
 * await findJoinedSecrets('key = "sk-" + "a1b2c3d4e5f6"', isSecret)
 * // [{ start: 7, end: 10, label: "secret" }, { start: 16, end: 28, label: "secret" }]
 */
export async function findJoinedSecrets(
  text: string,
  isSecret: (joined: string) => Promise<string | undefined>,
): Promise<SecretSpan[]> {
  const spans: SecretSpan[] = [];
  for (const chain of literalChains(text)) {
    const joined = chain
      .map((piece) => text.slice(piece[0], piece[1]))
      .join("");
    const label =
      (await isSecret(joined)) ??
      (hasProviderPrefix(joined) ? "secret" : undefined);
    if (label === undefined) continue;
    for (const [start, end] of chain)
      if (end > start) spans.push({ start, end, label });
  }
  return spans;
}

// A string literal on one line; its content is group 2.
const LITERAL = /(["'`])((?:\\.|(?!\1)[^\\\n]){0,512})\1/g;
// What may join two literals: `+` (most languages), `..` (Lua), `.` (PHP),
// `,` (an array joined later), or nothing but spaces (Python, C).
const JOIN = /^\s*(?:\+|\.\.?|,)?\s*$/;

/** Runs of two or more joined pieces of literals, as [start, end] of each. */
function literalChains(text: string): Array<Array<[number, number]>> {
  const chains: Array<Array<[number, number]>> = [];
  let chain: Array<[number, number]> = [];
  const flush = () => {
    if (chain.length > 1) chains.push(chain);
    chain = [];
  };
  let lastEnd = -1;
  for (const match of text.matchAll(LITERAL)) {
    const gap = lastEnd < 0 ? "" : text.slice(lastEnd, match.index);
    if (lastEnd < 0 || gap.length > 64 || !JOIN.test(gap)) flush();
    for (const piece of literalPieces(match[1]!, match.index + 1, match[2]!))
      if (piece) chain.push(piece);
      else flush();
    lastEnd = match.index + match[0].length;
  }
  flush();
  return chains;
}

// In a template literal, an interpolation of one string literal
// (`${"sk-"}`), whose value is known, or of anything else, whose value is not.
const INTERPOLATION =
  /\$\{\s*(["'\x60])((?:\\.|(?!\1)[^\\\n])*)\1\s*\}|\$\{[^}\n]*\}/g;

/**
 * A literal's content as pieces of known text, [start, end] each: the whole
 * content, or for a template literal the text around its interpolations and
 * the strings interpolated (`${"sk-"}a1b2…` is `sk-` then `a1b2…`).
 * `undefined` stands for an interpolation whose value is not known, which
 * no chain crosses.
 */
function literalPieces(
  quote: string,
  start: number,
  content: string,
): Array<[number, number] | undefined> {
  if (quote !== "`" || !content.includes("${"))
    return [[start, start + content.length]];
  const pieces: Array<[number, number] | undefined> = [];
  let from = 0;
  for (const m of content.matchAll(INTERPOLATION)) {
    if (m.index > from) pieces.push([start + from, start + m.index]);
    const inner = m[2];
    if (inner === undefined) pieces.push(undefined);
    else if (inner !== "") {
      const at = start + m.index + m[0].indexOf(m[1]!) + 1;
      pieces.push([at, at + inner.length]);
    }
    from = m.index + m[0].length;
  }
  if (from < content.length)
    pieces.push([start + from, start + content.length]);
  return pieces;
}

// A provider's prefix and what follows it, when the joined value is one.
const PROVIDER_PREFIX = new RegExp(
  `^${ANY_TOKEN_PREFIX}(?<rest>[A-Za-z0-9_.\\-]+)$`,
);

function hasProviderPrefix(joined: string): boolean {
  const rest = PROVIDER_PREFIX.exec(joined)?.groups?.rest;
  return (
    rest !== undefined &&
    rest.replace(/[_.\-]/g, "").length >= 8 &&
    /\d/.test(rest) &&
    /[A-Za-z]/.test(rest)
  );
}
