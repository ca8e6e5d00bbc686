import { crc32 } from "node:zlib";
import { keyDigest } from "./token-count-key.js";

/**
 * Token counts of one encoding by text, the text named by the first 8 bytes
 * of its SHA-1 (the hashed keys `tokenCountKey` makes): what a whole index
 * counted of its chunks, for questions to look up instead of counting.
 */
export interface CountTable {
  /** The count kept under a memo key, or undefined (a short text's key, another encoding's, or none kept). */
  get(key: string): number | undefined;
  /** Its rows, sorted: a text's digest as two words, then its count. */
  readonly rows: Uint32Array;
}

// "askcode count table", format 1: the header, the encoding's name, the rows.
const MAGIC = "ACCOUNT1";
const HEADER_BYTES = 8 + 4 * 3;
const WORDS_PER_ROW = 3;

/**
 * The rows of a table holding `counts` (memo keys and their counts; those
 * of `encodingName`'s hashed keys), then those of `older` not among them,
 * at most `max` in all: the newest counts are kept when there are more.
 *
 * @example
 * const rows = countTableRows("o200k_base", [[tokenCountKey("o200k_base", text), 412]], { max: 500_000 });
 */
export function countTableRows(
  encodingName: string,
  counts: Iterable<readonly [key: string, count: number]>,
  options: { older?: Uint32Array; max: number },
): Uint32Array {
  const byDigest = new Map<bigint, number>();
  for (const [key, count] of counts) {
    const digest = keyDigest(key, encodingName);
    if (digest && byDigest.size < options.max)
      byDigest.set(digest.readBigUInt64BE(0), count);
  }
  const older = options.older ?? new Uint32Array(0);
  for (let at = 0; at < older.length; at += WORDS_PER_ROW) {
    if (byDigest.size >= options.max) break;
    const digest =
      (BigInt(older[at] as number) << 32n) | BigInt(older[at + 1] as number);
    if (!byDigest.has(digest))
      byDigest.set(digest, older[at + WORDS_PER_ROW - 1] as number);
  }
  const digests = [...byDigest.keys()].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const rows = new Uint32Array(digests.length * WORDS_PER_ROW);
  digests.forEach((digest, i) => {
    rows[i * WORDS_PER_ROW] = Number(digest >> 32n);
    rows[i * WORDS_PER_ROW + 1] = Number(digest & 0xffffffffn);
    rows[i * WORDS_PER_ROW + 2] = byDigest.get(digest) as number;
  });
  return rows;
}

/**
 * A table as the bytes `decodeCountTable` reads back: a header (magic, the
 * rows, a CRC-32 of what follows, the name's length), the encoding's name,
 * the rows.
 *
 * @example
 * decodeCountTable(encodeCountTable("o200k_base", rows), "o200k_base")?.get(key) // its count
 */
export function encodeCountTable(
  encodingName: string,
  rows: Uint32Array,
): Buffer {
  const name = Buffer.from(encodingName, "utf8");
  const body = Buffer.alloc(padded(name.length) + rows.byteLength);
  body.set(name, 0);
  body.set(
    new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength),
    padded(name.length),
  );
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, "latin1");
  header.writeUInt32LE(rows.length / WORDS_PER_ROW, 8);
  header.writeUInt32LE(crc32(body), 12);
  header.writeUInt32LE(name.length, 16);
  return Buffer.concat([header, body]);
}

/**
 * The table `encodeCountTable` wrote for `encodingName`, its rows a view
 * over `file` (copied once when the buffer is not 4-byte aligned);
 * undefined when the bytes are not such a file, are another encoding's, or
 * were cut or changed (the CRC-32 differs): a wrong count could let a
 * packed context over its budget.
 */
export function decodeCountTable(
  file: Buffer,
  encodingName: string,
): CountTable | undefined {
  if (file.length < HEADER_BYTES || file.toString("latin1", 0, 8) !== MAGIC)
    return undefined;
  const rowCount = file.readUInt32LE(8);
  const nameLength = file.readUInt32LE(16);
  const rowsAt = padded(nameLength);
  if (file.length !== HEADER_BYTES + rowsAt + rowCount * WORDS_PER_ROW * 4)
    return undefined;
  let body = file.subarray(HEADER_BYTES);
  if (crc32(body) !== file.readUInt32LE(12)) return undefined;
  if (body.toString("utf8", 0, nameLength) !== encodingName) return undefined;
  if (body.byteOffset % 4 !== 0)
    body = Buffer.from(new Uint8Array(body).buffer);
  const rows = new Uint32Array(
    body.buffer,
    body.byteOffset + rowsAt,
    rowCount * WORDS_PER_ROW,
  );
  return {
    rows,
    get(key) {
      const digest = keyDigest(key, encodingName);
      if (!digest) return undefined;
      const high = digest.readUInt32BE(0);
      const low = digest.readUInt32BE(4);
      // Binary search over the rows, sorted by digest.
      let lo = 0;
      let hi = rowCount - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const at = mid * WORDS_PER_ROW;
        const h = rows[at] as number;
        const l = rows[at + 1] as number;
        if (h === high && l === low) return rows[at + 2];
        if (h < high || (h === high && l < low)) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    },
  };
}

const padded = (n: number) => Math.ceil(n / 4) * 4;
