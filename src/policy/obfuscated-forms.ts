import { stripInvisible } from "../text/strip-invisible.js";
import { base64Bytes } from "./base64-bytes.js";
import { readableText } from "./readable-text.js";

/** A stretch of text and what it reads as once an obfuscation is undone. */
export interface ObfuscatedForm {
  /** Where the stretch is: `text.slice(start, end)`. */
  start: number;
  end: number;
  /** The stretch de-obfuscated, on one line. */
  form: string;
}

// A piece of a spaced-out secret: `g h p _ …` or `ghp_ R8x2 Lk9Q …`.
const PIECE = /^[\w+/=.-]{1,8}$/;
// A run qualifies when it looks spaced out: many single characters, or
// several groups with digits or inner capitals (prose words have neither).
const MIN_SINGLES = 6;
const MIN_GROUPS = 3;
// Pieces a reading may skip at either end of a run ("the key .env: g h p …").
const EDGE_WORDS = 6;
// A spaced secret neither starts nor ends with a word of prose: a reading
// that does would glue the word to the secret ("… Q as asked" read as
// "…Qasasked"), and a rule that takes a token at any length takes the word
// with it.
const PROSE_WORD = /^(?:[a-z]{2,}|[A-Z][a-z]+)$/;
const BASE64 = /[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9_-]{16,}={0,2}/g;
const PERCENT = /%[0-9A-Fa-f]{2}/;
const MIN_REVERSED = 12;
// What may stand around a token without being part of it: the backticks of
// a code span, brackets, quotes, emphasis, a closing period. Redacting a
// whole token must leave them, or a code span's backtick goes with the
// secret and what followed it in the span becomes live text.
const LEADING = /^[`"'*~(\[{<]+/;
const TRAILING = /[`"'*~)\]}>.,;:!?]+$/;

interface Token {
  start: number;
  end: number;
  raw: string;
  /** The token without invisible characters. */
  text: string;
}

/**
 * The ways a secret can be written so that a pattern over the raw text misses
 * it, undone: invisible characters removed (`gh\u200Bp_…`), whitespace-split
 * pieces joined (`g h p _ …`), reversed (`…_phg`), base64 decoded
 * (`Z2hwX…`, also inside a URL's query) and percent-decoded (`ghp%5F…`).
 * Each form comes with the stretch of the raw text it was read from, which
 * is what gets redacted when the form holds a secret.
 *
 * @example
 * obfuscatedForms("key: Z2hwX2FiYw==")
 * // [{ start: 5, end: 17, form: "ghp_abc" }, { start: 5, end: 17, form: "==wYiF2X…" }]
 */
export function obfuscatedForms(text: string): ObfuscatedForm[] {
  const forms: ObfuscatedForm[] = [];
  const lines = tokenLines(text);
  for (const tokens of lines) {
    for (const token of tokens) forms.push(...tokenForms(token));
    forms.push(...spacedForms(tokens));
  }
  return forms;
}

function tokenLines(text: string): Token[][] {
  const lines: Token[][] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    lines.push(
      [...line.matchAll(/\S+/g)].map((m) => {
        const word = m[0];
        const lead = LEADING.exec(word)?.[0].length ?? 0;
        const raw = word.slice(lead).replace(TRAILING, "") || word;
        const start = offset + m.index + (raw === word ? 0 : lead);
        return {
          start,
          end: start + raw.length,
          raw,
          text: stripInvisible(raw),
        };
      }),
    );
    offset += line.length + 1;
  }
  return lines;
}

function tokenForms(token: Token): ObfuscatedForm[] {
  const whole = { start: token.start, end: token.end };
  const forms: ObfuscatedForm[] = [];
  if (token.text !== token.raw) forms.push({ ...whole, form: token.text });
  if (token.text.length >= MIN_REVERSED)
    forms.push({ ...whole, form: [...token.text].reverse().join("") });
  if (PERCENT.test(token.text)) {
    const decoded = percentDecode(token.text);
    if (decoded !== token.text)
      forms.push({ ...whole, form: oneLine(decoded) });
  }
  // Inside a token without invisible characters the encoded part is cut
  // precisely; otherwise the whole token goes.
  const exact = token.text === token.raw;
  for (const source of new Set([token.text, percentDecode(token.text)]))
    for (const m of source.matchAll(BASE64)) {
      const decoded = base64Text(m[0]);
      if (decoded === undefined) continue;
      const precise = exact && source === token.text;
      forms.push({
        start: precise ? token.start + m.index : token.start,
        end: precise ? token.start + m.index + m[0].length : token.end,
        form: oneLine(decoded),
      });
    }
  return forms;
}

/** Joined runs of short pieces on one line, trimmed of up to a few words at each end. */
function spacedForms(tokens: readonly Token[]): ObfuscatedForm[] {
  const forms: ObfuscatedForm[] = [];
  let from = 0;
  while (from < tokens.length) {
    let to = from;
    while (to < tokens.length && PIECE.test((tokens[to] as Token).text)) to++;
    if (to > from) forms.push(...runForms(tokens.slice(from, to)));
    from = to + 1;
  }
  return forms;
}

function runForms(run: readonly Token[]): ObfuscatedForm[] {
  const singles = run.filter((t) => t.text.length <= 2).length;
  const groups = run.filter((t) => /\d|[a-z][A-Z]/.test(t.text)).length;
  if (singles < MIN_SINGLES && groups < MIN_GROUPS) return [];
  // Where a reading may start and end: the first and last few pieces that
  // are not prose words.
  const edges = run.flatMap((t, i) => (PROSE_WORD.test(t.text) ? [] : [i]));
  const starts = edges.slice(0, EDGE_WORDS);
  const ends = edges.slice(-EDGE_WORDS);
  const forms: ObfuscatedForm[] = [];
  for (const i of starts)
    for (const last of ends)
      if (last > i)
        forms.push({
          start: (run[i] as Token).start,
          end: (run[last] as Token).end,
          form: run
            .slice(i, last + 1)
            .map((t) => t.text)
            .join(""),
        });
  return forms;
}

function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** What base64 (standard or URL-safe) decodes to, when that is readable text. */
function base64Text(encoded: string): string | undefined {
  return readableText(base64Bytes(encoded));
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}
