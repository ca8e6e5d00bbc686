import { runToEnd, type Steps } from "../shared/time-slices.js";

/**
 * Byte-pair ranks by token bytes, the bytes given as a string of one
 * character each (latin1), as `countPieceTokens` looks them up.
 */
export interface RankTable {
  get(bytes: string): number | undefined;
  has(bytes: string): boolean;
  /** Tokens in the table. */
  readonly size: number;
  /** The arrays it looks up in, to keep on disk (`encodeRankTable`). */
  readonly columns: RankColumns;
}

/**
 * A decoded rank table as arrays: token `t`'s bytes are
 * `bytes[starts[t]..starts[t + 1])` and its rank `ranks[t]`; `slots` is an
 * open-addressing hash table of token index + 1 (0: empty), its length a
 * power of two.
 */
export interface RankColumns {
  bytes: Uint8Array;
  starts: Uint32Array;
  ranks: Uint32Array;
  slots: Int32Array;
}

// Tokens decoded between two pauses: a few milliseconds' work.
const TOKENS_PER_STEP = 25_000;

// Base64's alphabet → its 6-bit value; 255 for any other character.
const BASE64 = new Uint8Array(128).fill(255);
for (const [i, c] of [
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
].entries())
  BASE64[c.charCodeAt(0)] = i;

/**
 * Decodes js-tiktoken's compressed rank table (`TiktokenBPE.bpe_ranks`), in
 * steps, into typed arrays: every token's bytes in one buffer and an
 * open-addressing hash table over them. A `Map` keyed by 200,000 strings
 * (o200k_base) took 150 ms to build and as much again in garbage
 * collection, which a CLI question paid every run; this allocates five
 * arrays and no string. Each line is `<prefix> <first rank> <token> <token>
 * …`, a token base64 of its bytes, ranks consecutive from the first;
 * js-tiktoken's constructor reads it so (`src/core.ts`).
 *
 * @example
 * const ranks = runToEnd(rankTableSteps(require("js-tiktoken/ranks/o200k_base").bpe_ranks));
 * ranks.get("hello") // 24912
 */
export function* rankTableSteps(bpeRanks: string): Steps<RankTable> {
  // Upper bounds: a token is at least one base64 quad, 3 bytes per 4 characters.
  const bytes = new Uint8Array(Math.ceil((bpeRanks.length * 3) / 4));
  const maxTokens = Math.ceil(bpeRanks.length / 4);
  const starts = new Uint32Array(maxTokens + 1);
  const ranks = new Uint32Array(maxTokens);
  let tokens = 0;
  let end = 0;
  let at = 0;
  while (at < bpeRanks.length) {
    const lineEnd = indexOrEnd(bpeRanks, "\n", at);
    // Skip the prefix, then read the first rank.
    const prefixEnd = indexOrEnd(bpeRanks, " ", at);
    if (prefixEnd >= lineEnd) {
      at = lineEnd + 1;
      continue;
    }
    const rankEnd = indexOrEnd(bpeRanks, " ", prefixEnd + 1);
    let rank = Number.parseInt(bpeRanks.slice(prefixEnd + 1, rankEnd), 10);
    at = rankEnd + 1;
    while (at < lineEnd) {
      const tokenEnd = Math.min(indexOrEnd(bpeRanks, " ", at), lineEnd);
      starts[tokens] = end;
      end = decodeBase64(bpeRanks, at, tokenEnd, bytes, end);
      ranks[tokens] = rank++;
      tokens++;
      at = tokenEnd + 1;
      if (tokens % TOKENS_PER_STEP === 0) yield;
    }
    at = lineEnd + 1;
  }
  starts[tokens] = end;
  return rankTableOf({
    bytes: bytes.subarray(0, end),
    starts: starts.subarray(0, tokens + 1),
    ranks: ranks.subarray(0, tokens),
    slots: yield* slotSteps(bytes, starts, tokens),
  });
}

/**
 * A table of the same kind over other values: each key (bytes as a latin1
 * string, as `get` takes them) and its value. The tokenizer keeps the
 * counts of pre-tokens in one (`keepCountedPieces`).
 *
 * @example
 * rankTableOfEntries([[" hello", 1]]).get(" hello") // 1
 */
export function rankTableOfEntries(
  entries: ReadonlyArray<readonly [string, number]>,
): RankTable {
  const starts = new Uint32Array(entries.length + 1);
  const ranks = new Uint32Array(entries.length);
  entries.forEach(([key, value], t) => {
    starts[t + 1] = (starts[t] as number) + key.length;
    ranks[t] = value;
  });
  const bytes = new Uint8Array(starts[entries.length] as number);
  entries.forEach(([key], t) =>
    bytes.set(Buffer.from(key, "latin1"), starts[t] as number),
  );
  return rankTableOf({
    bytes,
    starts,
    ranks,
    slots: runToEnd(slotSteps(bytes, starts, entries.length)),
  });
}

/** A table's keys (latin1 strings of their bytes) and values. */
export function* rankTableEntries(
  table: RankTable,
): Generator<[string, number]> {
  const { bytes, starts, ranks } = table.columns;
  for (let t = 0; t < ranks.length; t++)
    yield [
      Buffer.from(
        bytes.buffer,
        bytes.byteOffset + (starts[t] as number),
        (starts[t + 1] as number) - (starts[t] as number),
      ).toString("latin1"),
      ranks[t] as number,
    ];
}

// The open-addressing slots over `tokens` keys, half full at most, so a
// lookup probes one or two slots: key index + 1 per slot, 0 for empty.
function* slotSteps(
  bytes: Uint8Array,
  starts: Uint32Array,
  tokens: number,
): Steps<Int32Array> {
  let capacity = 1;
  while (capacity < tokens * 2) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  for (let t = 0; t < tokens; t++) {
    let slot =
      hashBytes(bytes, starts[t] as number, starts[t + 1] as number) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = t + 1;
    if ((t + 1) % TOKENS_PER_STEP === 0) yield;
  }
  return slots;
}

/**
 * The table over arrays `rankTableSteps` decoded, here or in an earlier
 * process (`decodeRankTable`).
 */
export function rankTableOf(columns: RankColumns): RankTable {
  const { bytes, starts, ranks, slots } = columns;
  const mask = slots.length - 1;
  const find = (key: string): number => {
    let slot = hashString(key) & mask;
    for (;;) {
      const t = (slots[slot] as number) - 1;
      if (t < 0) return -1;
      if (sameBytes(key, bytes, starts[t] as number, starts[t + 1] as number))
        return t;
      slot = (slot + 1) & mask;
    }
  };
  return {
    get(key) {
      const t = find(key);
      return t < 0 ? undefined : ranks[t];
    },
    has: (key) => find(key) >= 0,
    size: ranks.length,
    columns,
  };
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

/** Decodes base64 `text[from, to)` into `out` at `at`; returns where it ended. */
function decodeBase64(
  text: string,
  from: number,
  to: number,
  out: Uint8Array,
  at: number,
): number {
  let bits = 0;
  let held = 0;
  for (let i = from; i < to; i++) {
    const value = BASE64[text.charCodeAt(i)] ?? 255;
    if (value === 255) {
      // "=" pads the last quad; anything else means the table is not base64.
      if (text.charCodeAt(i) === 61) break;
      throw new Error(
        `The tokenizer's rank table holds a token that is not base64: "${text.slice(from, to)}"`,
      );
    }
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[at++] = (bits >> held) & 0xff;
    }
  }
  return at;
}

// FNV-1a over bytes, the same over a latin1 string's character codes.
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++)
    h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

function hashString(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++)
    h = Math.imul(h ^ (key.charCodeAt(i) & 0xff), 0x01000193);
  return h >>> 0;
}

function sameBytes(
  key: string,
  bytes: Uint8Array,
  from: number,
  to: number,
): boolean {
  if (key.length !== to - from) return false;
  for (let i = 0; i < key.length; i++)
    if (key.charCodeAt(i) !== bytes[from + i]) return false;
  return true;
}
