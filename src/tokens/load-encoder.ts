import { createRequire } from "node:module";
import type { TiktokenBPE } from "js-tiktoken/lite";
import {
  eventLoopSlices,
  runToEnd,
  type Steps,
  type TimeSlices,
} from "../shared/time-slices.js";
import { statSync } from "node:fs";
import { asciiPattern } from "./ascii-pattern.js";
import { asciiStretches } from "./ascii-stretches.js";
import { countPieceTokens } from "./count-piece-tokens.js";
import type { EncodingName } from "./encoding-for-model.js";
import type { DecodedEncoding } from "./rank-table-file.js";
import {
  rankTableEntries,
  rankTableOfEntries,
  rankTableSteps,
  type RankTable,
} from "./rank-table.js";

/**
 * Decoded encodings kept between processes (the CLI's cache directory):
 * decoding o200k_base's table is most of what a warm question's first new
 * count costs. `source` names the tokenizer's table file as installed (its
 * size and change time), so a new js-tiktoken is decoded again.
 */
export interface KeptEncodings {
  read(name: EncodingName, source: string): DecodedEncoding | undefined;
  write(name: EncodingName, source: string, decoded: DecodedEncoding): void;
  /** The pre-tokens counted before, by their bytes (latin1), with their counts (`keepCountedPieces`). */
  readPieces?(name: EncodingName, source: string): RankTable | undefined;
  writePieces?(name: EncodingName, source: string, pieces: RankTable): void;
}

/** Counts tokens for one encoding. */
export interface Encoder {
  /** Tokens in `text`, special-token text counted as plain text. Throws only if the tokenizer is broken. */
  countTokens(text: string): number;
}

// A module-level registry, against "Clients are passed in" (docs/conventions.md) on purpose: an encoder is an
// immutable rank table (o200k_base is 2.3 MB of source that takes about a second
// to parse and index) plus a memo of a pure function over it, not a client with
// state or configuration, so every counter in the process can share one per
// encoding. Building one per request would make counting dominate the run.
const encoders = new Map<EncodingName, Encoder>();
// What each shared encoder counted of its own (a piece's bytes, latin1, and
// its count) and the pieces it read kept: what `keepCountedPieces` keeps.
const counted = new Map<
  EncodingName,
  { memo: Map<string, number> | undefined; kept: RankTable | undefined }
>();
const warming = new Map<EncodingName, Promise<void>>();

// The rank tables are js-tiktoken's, required as CommonJS: loading the module
// is quick (about 20 ms); decoding its table is what takes long.
const require = createRequire(import.meta.url);
const RANK_MODULES: Record<EncodingName, string> = {
  o200k_base: "js-tiktoken/ranks/o200k_base",
  cl100k_base: "js-tiktoken/ranks/cl100k_base",
};

// Distinct pre-tokens remembered per encoding. Code reuses a few thousand
// pieces (indentation runs, " self", " =", "):\n") over and over; the memo is
// cleared when it reaches this size, so memory stays bounded.
const MAX_MEMO_PIECES = 200_000;
// V8 copies a substring shorter than this and slices a longer one
// (SlicedString::kMinLength).
const SLICED_LENGTH = 13;

/**
 * The shared encoder for an encoding, built on first call (about a second for
 * o200k_base, in one piece: call `warmEncoder` first where the event loop
 * serves others) and reused after. Throws if the rank table cannot be loaded;
 * `createTokenCounter` catches that and falls back to estimating.
 *
 * Counting splits the text with the encoding's own pre-tokenizer pattern and
 * byte-pair-encodes each piece (`countPieceTokens`), remembering each distinct
 * piece's count. That is exact: tiktoken encodes every pre-token on its own,
 * and a pre-token split again by the same pattern is itself. It is about ten
 * times faster than encoding whole texts, because code repeats its pieces.
 *
 * @example
 * loadEncoder("o200k_base").countTokens("hello world") // 2
 */
export function loadEncoder(name: EncodingName, kept?: KeptEncodings): Encoder {
  return encoders.get(name) ?? runToEnd(encoderSteps(name, kept));
}

/**
 * Builds the shared encoder for an encoding in time slices, so the first
 * count does not hold the event loop for a second; resolves at once when it
 * is built, and shares a build in progress. Rejects as `loadEncoder` throws.
 *
 * @example
 * await warmEncoder("o200k_base");
 * loadEncoder("o200k_base") // returns the built encoder at once
 */
export function warmEncoder(
  name: EncodingName,
  slices: TimeSlices = eventLoopSlices,
  kept?: KeptEncodings,
): Promise<void> {
  if (encoders.has(name)) return Promise.resolve();
  let warm = warming.get(name);
  if (!warm) {
    warm = slices.run(encoderSteps(name, kept)).then(
      () => void warming.delete(name),
      (error: unknown) => {
        warming.delete(name);
        throw error;
      },
    );
    warming.set(name, warm);
  }
  return warm;
}

function* encoderSteps(
  name: EncodingName,
  kept?: KeptEncodings,
): Steps<Encoder> {
  const source = kept && sourceOf(name);
  const { pattern, ranks } =
    (source !== undefined ? kept?.read(name, source) : undefined) ??
    (yield* decodeEncodingSteps(name, kept, source));
  // A synchronous load may have finished while this one paused.
  const held = encoders.get(name);
  if (held) return held;
  const keptPieces =
    source !== undefined ? kept?.readPieces?.(name, source) : undefined;
  const memo = new Map<string, number>();
  // Only where they can be kept: a server counts for days and keeps none.
  const own = kept?.writePieces ? new Map<string, number>() : undefined;
  // The tokens of `text`'s pieces as `splitter` cuts them.
  const countPieces = (text: string, splitter: RegExp): number => {
    let total = 0;
    for (const match of text.matchAll(splitter)) {
      const piece = match[0];
      let n = memo.get(piece);
      if (n === undefined) {
        const utf8 = Buffer.from(piece, "utf8");
        const bytes = utf8.toString("latin1");
        n = keptPieces?.get(bytes);
        if (n === undefined) {
          // Special-token text ("<|endoftext|>" in a file) is counted as
          // the plain text it is, never as its special token.
          n = countPieceTokens(bytes, ranks);
          if (own && own.size < MAX_MEMO_PIECES) own.set(bytes, n);
        }
        if (memo.size >= MAX_MEMO_PIECES) memo.clear();
        // Kept as a copy: a match of 13 characters or more is a V8 slice
        // of the text counted, and a slice keeps its whole parent alive,
        // so the memo held every file it had seen a long piece of (about
        // 20 MB after 16 repositories of the multi-language dev set).
        memo.set(piece.length < SLICED_LENGTH ? piece : utf8.toString(), n);
      }
      total += n;
    }
    return total;
  };
  // The pattern itself is compiled when a text first holds more than
  // ASCII; its ASCII twin counts the rest (see `asciiPattern`).
  let pretokens: RegExp | undefined;
  const unicode = () => (pretokens ??= new RegExp(pattern, "gu"));
  const twin = asciiPattern(pattern);
  const ascii = twin === undefined ? undefined : new RegExp(twin, "g");
  // A stretch beyond the twin's characters is looked up whole, as a piece
  // is: its lines are a chunk's, which the background index counted (and
  // kept), so a question need not compile the pattern for them.
  const countStretch = (stretch: string): number => {
    const bytes = Buffer.from(stretch, "utf8").toString("latin1");
    let n = keptPieces?.get(bytes);
    if (n === undefined) {
      n = countPieces(stretch, unicode());
      if (own && own.size < MAX_MEMO_PIECES) own.set(bytes, n);
    }
    return n;
  };
  const encoder: Encoder = {
    countTokens(text: string): number {
      if (!ascii) return countPieces(text, unicode());
      let total = 0;
      for (const [start, end, onlyAscii] of asciiStretches(text)) {
        const stretch =
          start === 0 && end === text.length ? text : text.slice(start, end);
        total += onlyAscii
          ? countPieces(stretch, ascii)
          : countStretch(stretch);
      }
      return total;
    },
  };
  encoders.set(name, encoder);
  counted.set(name, { memo: own, kept: keptPieces });
  return encoder;
}

/**
 * Keeps the pre-tokens the shared encoder of `name` counted by byte-pair
 * merges, with those it read kept, in `kept`, for encoders of later
 * processes to look up instead of merging again: a question counting texts
 * anew (compressed chunks, the packed context) spent half its counting
 * merging pieces of code the background index had counted already. At
 * most `MAX_MEMO_PIECES`, those read kept first. Nothing when the encoder
 * is not built or counted nothing of its own.
 *
 * @example
 * loadEncoder("o200k_base", kept).countTokens(code);
 * keepCountedPieces("o200k_base", kept);
 */
export function keepCountedPieces(
  name: EncodingName,
  kept: KeptEncodings,
): void {
  const pieces = counted.get(name);
  const source = sourceOf(name);
  if (!pieces?.memo || pieces.memo.size === 0 || source === undefined) return;
  const entries = [
    ...(pieces.kept ? rankTableEntries(pieces.kept) : []),
    ...pieces.memo,
  ].slice(0, MAX_MEMO_PIECES);
  kept.writePieces?.(name, source, rankTableOfEntries(entries));
}

/**
 * An encoding's tables decoded from the tokenizer's own (about 60 ms for
 * o200k_base), for a build to keep (`shipEncodings`). Throws if the rank
 * table cannot be loaded.
 *
 * @example
 * encodeEncodingFile(decodeEncoding("o200k_base"))
 */
export function decodeEncoding(name: EncodingName): DecodedEncoding {
  return runToEnd(decodeEncodingSteps(name, undefined, undefined));
}

// The tokenizer's own table, decoded (and kept, when a store is given).
function* decodeEncodingSteps(
  name: EncodingName,
  kept: KeptEncodings | undefined,
  source: string | undefined,
): Steps<DecodedEncoding> {
  const table = require(RANK_MODULES[name]) as TiktokenBPE;
  const decoded = {
    pattern: table.pat_str,
    ranks: yield* rankTableSteps(table.bpe_ranks),
  };
  if (source) kept?.write(name, source, decoded);
  return decoded;
}

/**
 * The installed file of an encoding's rank table (js-tiktoken's). Throws
 * when it is not installed.
 *
 * @example
 * rankTableFile("o200k_base") // ".../node_modules/js-tiktoken/dist/ranks/o200k_base.cjs"
 */
export function rankTableFile(name: EncodingName): string {
  return require.resolve(RANK_MODULES[name]);
}

// The installed table file's size and change time: a stat, not a load.
function sourceOf(name: EncodingName): string | undefined {
  try {
    const stat = statSync(rankTableFile(name));
    return `${stat.size}-${Math.trunc(stat.mtimeMs)}`;
  } catch {
    return undefined;
  }
}
