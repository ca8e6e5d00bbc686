import { base64Bytes } from "./base64-bytes.js";
import { readableText } from "./readable-text.js";
import type { Piece } from "./token-pieces.js";

/** A stretch of fragments that decodes to readable text, and that text. */
export interface EncodedRun {
  /** The fragments the encoding was written in, in text order. */
  pieces: Piece[];
  /** What they decode to. */
  decoded: string;
}

// Hex, one byte or many to a piece (`67 68 70 5f`, `0x67`, `\x67`).
const HEX_PIECE = /^(?:0?x)?([0-9A-Fa-f]+)$/;
// Shorter hex decodes to too little to judge.
const MIN_HEX = 16;
// A word of base64 (standard or URL-safe), its padding, and what may stand
// around it: quotes, backticks, a comma, a `+` that joins two literals.
const BASE64_WORD = /^[`"',+]*([A-Za-z0-9+/_-]+={0,2})[`"',;.)]*$/d;
// What joins two literals and is no part of either.
const JOIN_WORD = /^(?:\+|,|\.\.?)$/;
// Base64 shorter than this decodes to too little to judge.
const MIN_BASE64 = 16;
// A word before the encoding may be of its alphabet too (`a`, `be`,
// `Encoded`): a run is also read from each of its first few.
const STARTS = 3;
// The most fragments one encoding is read from: a 255-character token in
// base64 is 340 characters, in 64 words of 6 or more.
const MAX_PARTS = 64;

/**
 * The runs of hex and base64 in a text that decode to readable text
 * (`readableText`), even split across spaces, lines, quotes or `+`: hex in
 * a chain of fragments (`tokenPieceChains`), base64 in a run of words, so
 * the `+` and `/` of its alphabet stay in. A commit SHA, a UUID, a digest
 * or an image in base64 decodes to bytes no one reads, and yields nothing.
 *
 * @example
 * encodedRuns("x 6768705f 616263646566", chains).map((r) => r.decoded) // ["ghp_abcdef"]
 */
export function encodedRuns(
  text: string,
  chains: readonly Piece[][],
): EncodedRun[] {
  return [
    ...chains.flatMap((chain) => runsOf(chain.map(hexPart), HEX)),
    ...runsOf(base64Parts(text), BASE64),
  ];
}

/** A fragment of an encoding: where it is, and the characters it adds. */
type Part = { piece: Piece; encoded: string };

/** How an encoding decodes: its bytes, and how many of them its first characters make. */
interface Encoding {
  bytes: (encoded: string) => Buffer;
  /** How many bytes the first `chars` characters decode to, whatever follows them. */
  length: (chars: number) => number;
}

const HEX: Encoding = {
  bytes: (digits) => Buffer.from(digits, "hex"),
  length: (chars) => (chars < MIN_HEX ? 0 : Math.floor(chars / 2)),
};
const BASE64: Encoding = {
  bytes: base64Bytes,
  length: (chars) => (chars < MIN_BASE64 ? 0 : Math.floor((chars * 3) / 4)),
};

/** Each run's readable decoding; runs end at a part that is undefined. */
function runsOf(
  parts: ReadonlyArray<Part | undefined>,
  encoding: Encoding,
): EncodedRun[] {
  const runs: EncodedRun[] = [];
  let from = 0;
  while (from < parts.length) {
    let to = from;
    while (to < parts.length && parts[to] !== undefined) to++;
    const found = readable(parts.slice(from, to) as Part[], encoding);
    if (found !== undefined) runs.push(found);
    from = to + 1;
  }
  return runs;
}

/**
 * The longest readable decoding of a run, from one of its first parts to
 * as far as it reads: words of prose after an encoding decode to bytes no
 * one reads. The run is decoded once from each start; since the first
 * characters of an encoding decode to the first bytes whatever follows,
 * each end is a prefix of those bytes.
 */
function readable(
  run: readonly Part[],
  encoding: Encoding,
): EncodedRun | undefined {
  for (let start = 0; start < Math.min(run.length, STARTS); start++) {
    const parts = run.slice(start, start + MAX_PARTS);
    const bytes = encoding.bytes(parts.map((part) => part.encoded).join(""));
    // printable[n]: how many of the first n bytes are printable ASCII.
    const printable = new Uint32Array(bytes.length + 1);
    bytes.forEach((byte, i) => {
      const ok =
        (byte >= 0x20 && byte <= 0x7e) ||
        byte === 9 ||
        byte === 10 ||
        byte === 13;
      printable[i + 1] = printable[i]! + (ok ? 1 : 0);
    });
    let chars = parts.reduce((n, part) => n + part.encoded.length, 0);
    for (let end = parts.length; end > 0; end--) {
      const n = Math.min(bytes.length, encoding.length(chars));
      chars -= parts[end - 1]!.encoded.length;
      if (n === 0 || printable[n]! < n * 0.95) continue;
      const decoded = readableText(bytes.subarray(0, n));
      if (decoded !== undefined)
        return {
          pieces: parts.slice(0, end).map((part) => part.piece),
          decoded,
        };
    }
  }
  return undefined;
}

function hexPart(piece: Piece): Part | undefined {
  const digits = HEX_PIECE.exec(piece.text)?.[1];
  return digits === undefined ? undefined : { piece, encoded: digits };
}

/**
 * The text's words as parts of base64: each word's base64 without the
 * quotes or backticks around it. A `+` or `,` between two literals joins
 * them; padding ends a run, since nothing after `=` belongs to it.
 */
function base64Parts(text: string): Array<Part | undefined> {
  let lastEnd = 0;
  return [...text.matchAll(/\S+/g)].flatMap((word) => {
    if (JOIN_WORD.test(word[0])) return [];
    const match = BASE64_WORD.exec(word[0]);
    if (match === null) return [undefined];
    const [from, to] = match.indices![1]!;
    const piece = {
      start: word.index + from,
      end: word.index + to,
      text: match[1]!,
      gap: text.slice(lastEnd, word.index + from),
    };
    lastEnd = piece.end;
    const part = { piece, encoded: match[1]! };
    return piece.text.endsWith("=") ? [part, undefined] : [part];
  });
}
