import { isRandomBody } from "./find-prefixed-tokens.js";
import { ownSecretNeedles, type OwnSecret } from "./find-own-secrets.js";
import { isPlaceholder, looksRandom } from "./looks-random.js";
import { encodedRuns } from "./encoded-runs.js";
import type { SecretSpan } from "./secret-span.js";
import { shiftLetters, shiftToA } from "./shift-letters.js";
import { tokenPieceChains, type Piece } from "./token-pieces.js";
import { TOKEN_PREFIXES } from "./token-prefixes.js";

const OBFUSCATED = "obfuscated secret";
// A token's own separators, as they stand in a prefix's source.
const PREFIX_SEPARATOR = /\\\.|[_-]/g;

/**
 * Each provider prefix (`TOKEN_PREFIXES`) by its letters and digits alone
 * (`gh[pousr]` for `ghp_`), and what must stand after them when the prefix
 * has a separator (`_`).
 */
const PREFIXES = TOKEN_PREFIXES.map(({ prefix, label }) => ({
  letters: prefix.replace(PREFIX_SEPARATOR, ""),
  separator: prefix.match(PREFIX_SEPARATOR)?.at(-1)?.replace("\\", ""),
  label,
}));
type Prefix = (typeof PREFIXES)[number];

/**
 * Every prefix shifted to start with `a` or `A` (`shiftToA`), once for
 * each letter it may start with, as one expression: a piece shifted the
 * same way matches it under whatever Caesar shift it was written, so one
 * test per piece finds a prefix in any of the 26. Group `n + 1` is
 * `SHIFTED[n]`.
 */
const SHIFTED = PREFIXES.flatMap((prefix) =>
  [...(/^\[([^\]]+)\]/.exec(prefix.letters)?.[1] ?? prefix.letters[0]!)].map(
    (first) => ({ prefix, shift: shiftToA(first) }),
  ),
);
const ANY_SHIFTED = new RegExp(
  `^(?:${SHIFTED.map(({ prefix, shift }) => `(${shiftLetters(prefix.letters, shift)})`).join("|")})`,
);

// How far ahead a prefix is looked for: past the longest (`github_pat_`, 9 letters).
const LOOKAHEAD = 12;
// No token body is longer (GitHub allows 255 characters in all).
const MAX_BODY = 256;
// A word of prose: two fragments of it in a row end a token (`… and then`).
const PROSE = /^(?:[a-z]{2,}|[A-Z][a-z]+)$/;
// A prefix with no separator (`AKIA`) standing alone is a word in capitals
// as often as a key (`ASIA PACIFIC`): its body is read on only in pieces
// this short, as a key spaced out or in groups is written.
const SPACED_PIECE = 4;
// An own secret with fewer letters and digits than this is a word as often
// as a secret (the same floor as findOwnSecrets' 8 characters).
const MIN_OWN = 8;

interface Hit {
  pieces: Piece[];
  label: string;
}

/**
 * The second wall against a hostile model: tokens put back together from
 * the fragments a reader would join, then read the ways a reader would
 * undo a disguise. A chain of fragments (`tokenPieceChains`: split by
 * spaces, line breaks, `+`, quotes, code-span backticks, dashes) is read
 * forwards and backwards, under every Caesar shift (ROT13 among them), and
 * runs of hex and base64 are decoded (`encodedRuns`) and read again; a reading that begins with a provider's
 * prefix (`TOKEN_PREFIXES`, followed by its separator when it has one)
 * and goes on with a random-looking body (`isRandomBody`), or that holds
 * one of askcode's own secrets (`ownSecretNeedles`, by its letters and
 * digits), is a secret. One general rule, not one per shape: `ghp_ + … +
 * …`, `sk- + …`, half a token per line, `g-h-p-_-…`, `"ghp_" + "…"` in a
 * code span, ROT13 and hex all come out of it.
 *
 * The spans are the fragments that made the secret, joined where nothing
 * but a separator on one line lies between them; a backtick or a line
 * break between two fragments stays, so a code span or a line keeps its
 * shape. A secret written whole and plainly is named for its provider
 * (the first wall names it the same), any other `obfuscated secret`.
 *
 * A body ends before two words of prose in a row (a word is lower case, or
 * capitalised), and where the joint between fragments changes (`_` then a
 * line break, ` + ` then `, `) unless the next fragment looks random
 * itself; so a number, a name or a sentence after a token is not taken
 * with it.
 *
 * @example
 * findSplitSecrets(`key: ghp_ + ${a} + ${b}`)
 * // [{ start: 5, end: …, label: "obfuscated secret" }]
 */
export function findSplitSecrets(
  text: string,
  ownSecrets: readonly OwnSecret[] = [],
): SecretSpan[] {
  return spansOf(text, readChains(text, ownSecrets, true));
}

function readChains(
  text: string,
  ownSecrets: readonly OwnSecret[],
  decode: boolean,
): Hit[] {
  const chains = tokenPieceChains(text);
  const hits: Hit[] = [];
  for (const chain of chains) {
    hits.push(...prefixedTokens(chain, false));
    hits.push(...prefixedTokens(reversed(chain), true));
  }
  hits.push(...ownSecretsIn(chains, ownSecrets));
  // What hex or base64 decodes to is read by the same rule, once: it is
  // not decoded again.
  if (decode)
    for (const { pieces, decoded } of encodedRuns(text, chains))
      if (readChains(decoded, ownSecrets, false).length > 0)
        hits.push({ pieces, label: OBFUSCATED });
  return hits;
}

/** The chain read backwards: pieces in reverse order, each reversed, each with the gap that followed it. */
function reversed(chain: readonly Piece[]): Piece[] {
  return chain
    .map((piece, i) => ({
      ...piece,
      text: [...piece.text].reverse().join(""),
      gap: chain[i + 1]?.gap ?? "",
    }))
    .reverse()
    .map((piece, i) => (i === 0 ? { ...piece, gap: "" } : piece));
}

function prefixedTokens(view: readonly Piece[], backwards: boolean): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < view.length; i++) {
    const first = view[i]!.text[0]!;
    if (!/[A-Za-z]/.test(first)) continue;
    let ahead = "";
    for (let j = i; j < view.length && ahead.length < LOOKAHEAD; j++)
      ahead += view[j]!.text;
    const toA = shiftToA(first);
    const match = ANY_SHIFTED.exec(
      shiftLetters(ahead.slice(0, LOOKAHEAD), toA),
    );
    if (match === null) continue;
    const n = match.findIndex((group, g) => g > 0 && group !== undefined) - 1;
    const { prefix, shift: prefixToA } = SHIFTED[n]!;
    // Read under this shift, the piece starts with the prefix itself.
    const shift = (toA - prefixToA + 26) % 26;
    const pieces = readToken(view, i, match[0].length, prefix, {
      shift,
      disguised: shift !== 0 || backwards,
    });
    if (pieces === undefined) continue;
    // Written whole and plainly: the first wall's kind of token, named alike.
    const plain =
      shift === 0 &&
      !backwards &&
      pieces.slice(1).every((piece) => /^[_.-]*$/.test(piece.gap));
    hits.push({ pieces, label: plain ? prefix.label : OBFUSCATED });
  }
  return hits;
}

/**
 * The pieces of a token that begins at `view[i]` with `prefix`, whose
 * letters are the first `length` of the chain from there read under
 * `shift` (`disguised`: shifted, or read backwards); undefined when what
 * follows is not a token's body.
 */
function readToken(
  view: readonly Piece[],
  i: number,
  length: number,
  prefix: Prefix,
  { shift, disguised }: { shift: number; disguised: boolean },
): Piece[] | undefined {
  // The piece the prefix ends in, and whether it ends with it.
  let p = i;
  let before = 0;
  while (before + view[p]!.text.length < length) {
    before += view[p]!.text.length;
    p++;
  }
  const atBoundary = before + view[p]!.text.length === length;
  const next = view[p + 1];
  if (prefix.separator !== undefined) {
    if (!atBoundary || next === undefined) return undefined;
    if (!next.gap.includes(prefix.separator)) return undefined;
  }
  // Shifted or backwards, a prefix is often a word (`the` is `hvs` under a
  // shift of 14): such a reading counts only when its body starts as a
  // token's does, not with another word (`the .env file`).
  if (disguised && atBoundary && PROSE.test(next?.text ?? "")) return undefined;
  const spacedOnly = prefix.separator === undefined && atBoundary;
  const pieces: Piece[] = view.slice(i, p + 1);
  let body = atBoundary ? "" : view[p]!.text.slice(length - before);
  // How the body's fragments are joined. A fragment joined some other way
  // goes on only if it looks random itself, or is short (a token spaced out
  // or in groups) while the body is not yet long enough: so half a token
  // on the next line is taken, and `ghp_…, 40 characters` stops before the
  // 40, `"sk-" + "a1b2…", isSecret` before the name.
  let joint = atBoundary
    ? normalGap((next?.gap ?? "").replace(prefix.separator ?? "", ""))
    : undefined;
  let long = isRandomBody(shiftLetters(body, shift));
  let taken = 0;
  for (let q = p + 1; q < view.length && body.length < MAX_BODY; q++) {
    const piece = view[q]!;
    if (PROSE.test(piece.text) && PROSE.test(view[q + 1]?.text ?? "")) break;
    if (spacedOnly && piece.text.length > SPACED_PIECE) break;
    const gap =
      q === p + 1 && joint !== undefined ? joint : normalGap(piece.gap);
    const read = shiftLetters(piece.text, shift);
    const random = read.length >= 8 && looksRandom(read);
    if (gap !== joint && !random && (long || read.length > SPACED_PIECE)) break;
    joint = gap;
    body += piece.text;
    pieces.push(piece);
    taken++;
    long = isRandomBody(shiftLetters(body, shift));
  }
  // A body ends on a fragment of the token, not on a word after it.
  while (taken > 0 && PROSE.test(pieces.at(-1)!.text)) {
    body = body.slice(0, -pieces.pop()!.text.length);
    taken--;
  }
  const read = shiftLetters(body, shift);
  return isRandomBody(read) && !isPlaceholder(read) ? pieces : undefined;
}

/** A gap as a joint between fragments: whitespace as one space, a character repeated as one. */
function normalGap(gap: string): string {
  return gap.replace(/\s+/g, " ").replace(/(.)\1+/g, "$1");
}

/**
 * Where askcode's own secrets (`ownSecretNeedles`, by their letters and
 * digits) lie in the chains, fragments joined, forwards or backwards,
 * under any Caesar shift. All chains are searched as one string, a line
 * break between two, so no match crosses from one chain to the next.
 */
function ownSecretsIn(
  chains: readonly Piece[][],
  ownSecrets: readonly OwnSecret[],
): Hit[] {
  if (ownSecrets.length === 0) return [];
  const pieces = chains.flatMap((chain, c) =>
    chain.map((piece, i) => ({ piece, last: i === chain.length - 1, c })),
  );
  // Where each piece starts in the joined string.
  const at: number[] = [];
  let joined = "";
  for (const { piece, last } of pieces) {
    at.push(joined.length);
    joined += piece.text + (last ? "\n" : "");
  }
  const hits: Hit[] = [];
  for (const { label, value } of ownSecrets)
    for (const needle of ownSecretNeedles(value)) {
      const letters = needle.replace(/[^A-Za-z0-9]/g, "");
      if (letters.length < MIN_OWN) continue;
      for (let shift = 0; shift < 26; shift++) {
        const shifted = shiftLetters(letters, shift);
        const backwards = [...shifted].reverse().join("");
        for (const [form, plain] of [
          [shifted, shift === 0],
          [backwards, false],
        ] as const)
          for (let a = joined.indexOf(form); a !== -1;) {
            const b = a + form.length;
            hits.push({
              pieces: pieces
                .filter(
                  (_, i) =>
                    at[i]! < b && at[i]! + pieces[i]!.piece.text.length > a,
                )
                .map(({ piece }) => piece),
              label: plain ? label : OBFUSCATED,
            });
            a = joined.indexOf(form, b);
          }
      }
    }
  return hits;
}

/**
 * The hits as spans of the text: each hit's pieces in text order, one span
 * over neighbours with nothing but a separator on one line between them,
 * so a backtick (a code span's edge) and a line break stay where they are.
 */
function spansOf(text: string, hits: readonly Hit[]): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const { pieces, label } of hits) {
    const ordered = [...pieces].sort((a, b) => a.start - b.start);
    let span: SecretSpan | undefined;
    for (const piece of ordered) {
      if (span && !/[`\n]/.test(text.slice(span.end, piece.start)))
        span.end = piece.end;
      else {
        span = { start: piece.start, end: piece.end, label };
        spans.push(span);
      }
    }
  }
  return spans;
}
