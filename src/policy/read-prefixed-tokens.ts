import { isRandomBody } from "./find-prefixed-tokens.js";
import { isPlaceholder, looksLikeWords, looksRandom } from "./looks-random.js";
import { OBFUSCATED_LABEL } from "./redaction-marker.js";
import { shiftLetters, shiftToA } from "./shift-letters.js";
import type { FoundPieces, Piece } from "./token-pieces.js";
import { TOKEN_PREFIXES } from "./token-prefixes.js";

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
// A word of prose: three fragments of it in a row end a token (`… and then
// the`), where a token in groups of four shows two now and then.
const PROSE = /^(?:[a-z]{2,}|[A-Z][a-z]+)$/;
// A prefix with no separator (`AKIA`) standing alone before a space is a
// word in capitals as often as a key (`ASIA PACIFIC`): its body is read on
// only in pieces this short, as a key spaced out or in groups is written.
const SPACED_PIECE = 4;

/**
 * The tokens in one reading of a chain (`view`: the chain forwards, or
 * backwards with each piece reversed): where a piece, under some Caesar
 * shift, begins a provider's prefix (`TOKEN_PREFIXES`), followed by its
 * separator when it has one, and the fragments after it make a
 * random-looking body (`isRandomBody`). A token written whole and plainly
 * is named for its provider, any other `obfuscated secret`.
 *
 * A body ends before three words of prose in a row (a word is lower case,
 * or capitalised), and where the joint between fragments changes (`_` then a
 * line break, ` + ` then `, `) unless the next fragment belongs to the
 * token (`belongs`); so a number, a name or a sentence after a token is
 * not taken with it. A body one third or more made of words is a name
 * (`sk-learn-2024-model-v3`).
 *
 * @example
 * readPrefixedTokens(tokenPieceChains(`ghp_ + ${half} + ${otherHalf}`)[0], false)
 * // [{ pieces: [ghp, half, otherHalf], label: "obfuscated secret" }]
 */
export function readPrefixedTokens(
  view: readonly Piece[],
  backwards: boolean,
): FoundPieces[] {
  const hits: FoundPieces[] = [];
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
    hits.push({ pieces, label: plain ? prefix.label : OBFUSCATED_LABEL });
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
  // shift of 14): unless its separator follows it at once (`tuc_`), such a
  // reading counts only when its body starts as a token's does, not with
  // another word (`the .env file`).
  const glued =
    prefix.separator !== undefined && next!.gap.startsWith(prefix.separator);
  const word =
    next !== undefined && next.text.length >= 3 && PROSE.test(next.text);
  if (disguised && atBoundary && !glued && word) return undefined;
  // A prefix with no separator, then a space: read on only in short pieces.
  // Joined on purpose (`"AKIA" + "…"`), it reads on like any other.
  const spacedOnly =
    prefix.separator === undefined &&
    atBoundary &&
    /^\s*$/.test(next?.gap ?? "");
  const pieces: Piece[] = view.slice(i, p + 1);
  let body = atBoundary ? "" : view[p]!.text.slice(length - before);
  // How the body's fragments are joined: a fragment joined some other way
  // goes on only if it belongs to the token (`belongs`).
  let joint = atBoundary
    ? normalGap((next?.gap ?? "").replace(prefix.separator ?? "", ""))
    : undefined;
  let long = isRandomBody(shiftLetters(body, shift));
  let taken = 0;
  for (let q = p + 1; q < view.length && body.length < MAX_BODY; q++) {
    const piece = view[q]!;
    if (view.slice(q, q + 3).filter((p) => PROSE.test(p.text)).length === 3)
      break;
    if (spacedOnly && piece.text.length > SPACED_PIECE) break;
    const gap =
      q === p + 1 && joint !== undefined ? joint : normalGap(piece.gap);
    const read = shiftLetters(piece.text, shift);
    if (gap !== joint && !belongs(read, shiftLetters(body, shift), long)) break;
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
  // A name is built of words (`sk-learn-2024-model-v3`); a token in groups
  // has a word-like group now and then, not one in three.
  const words = pieces
    .slice(pieces.length - taken)
    .filter((piece) => piece.text.length >= 3 && PROSE.test(piece.text));
  if (words.length * 3 > taken) return undefined;
  const read = shiftLetters(body, shift);
  return isRandomBody(read) && !isPlaceholder(read) ? pieces : undefined;
}

/**
 * Whether a fragment joined otherwise than the body's fragments before it
 * (`ghp_…` then a line break) still belongs to the token: when it looks
 * random itself; before the body is long enough, when it is short (a
 * group of a token spaced in fours) or no word or name (`"sk-" + "a1b2…",
 * isSecret` stops before the name); after, when it
 * is 6 or more characters of the same kinds as the body, two kinds at
 * least (the hex half of a DeepSeek key on the next line, not the `40` of
 * `ghp_…, 40 characters`).
 */
function belongs(read: string, body: string, long: boolean): boolean {
  if (read.length >= 8 && looksRandom(read)) return true;
  if (!long && read.length <= SPACED_PIECE) return true;
  // A word, a name, or a constant's word in capitals after a body in lower
  // case (`"sk-test", ASKCODE_TOKENS`; an AWS key is capitals throughout).
  const constant = /^[A-Z]{5,}$/.test(read) && /[a-z]/.test(body);
  if (looksLikeWords(read) || constant) return false;
  if (!long) return true;
  const kinds = charKinds(read);
  const bodyKinds = charKinds(body);
  return (
    read.length >= 6 &&
    kinds.size >= 2 &&
    [...kinds].every((kind) => bodyKinds.has(kind))
  );
}

/** Which kinds of character a string has: lower case, upper case, digits. */
function charKinds(text: string): Set<string> {
  const kinds = new Set<string>();
  if (/[a-z]/.test(text)) kinds.add("lower");
  if (/[A-Z]/.test(text)) kinds.add("upper");
  if (/\d/.test(text)) kinds.add("digit");
  return kinds;
}

/** A gap as a joint between fragments: whitespace as one space, a character repeated as one. */
function normalGap(gap: string): string {
  return gap.replace(/\s+/g, " ").replace(/(.)\1+/g, "$1");
}
