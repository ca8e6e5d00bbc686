import { crc32 } from "node:zlib";
import { rankTableOf, type RankTable } from "./rank-table.js";

/** What counting needs of an encoding: its pre-tokenizer pattern and its decoded ranks. */
export interface DecodedEncoding {
  /** The pre-tokenizer's regular expression source (js-tiktoken's `pat_str`). */
  pattern: string;
  ranks: RankTable;
}

// "askcode rank table", format 1: the header, the pattern, then the four
// arrays, each starting on a multiple of 4 bytes so they are read in place.
const MAGIC = "ACRANKS1";
const HEADER_BYTES = 8 + 4 * 6;

const padded = (n: number) => Math.ceil(n / 4) * 4;

/**
 * A decoded encoding as the bytes `decodeEncodingFile` reads back: a header
 * (magic, the lengths, a CRC-32 of what follows), the pattern, the arrays.
 *
 * @example
 * decodeEncodingFile(encodeEncodingFile(decoded))?.ranks.get("hello") // decoded.ranks.get("hello")
 */
export function encodeEncodingFile(decoded: DecodedEncoding): Buffer {
  const { bytes, starts, ranks, slots } = decoded.ranks.columns;
  const pattern = Buffer.from(decoded.pattern, "utf8");
  const parts = [pattern, bytes, starts, ranks, slots].map(
    (array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
  );
  const body = Buffer.alloc(
    parts.reduce((sum, part) => sum + padded(part.length), 0),
  );
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += padded(part.length);
  }
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, "latin1");
  const lengths = [pattern.length, bytes.length, starts.length, ranks.length];
  [...lengths, slots.length, crc32(body)].forEach((value, i) =>
    header.writeUInt32LE(value, 8 + 4 * i),
  );
  return Buffer.concat([header, body]);
}

/**
 * The encoding `encodeEncodingFile` wrote, its arrays views over `file`
 * (copied once when the buffer is not 4-byte aligned); undefined when the
 * bytes are not such a file, or were cut or changed (the CRC-32 differs),
 * so that the caller decodes the tokenizer's own table instead.
 */
export function decodeEncodingFile(file: Buffer): DecodedEncoding | undefined {
  if (file.length < HEADER_BYTES || file.toString("latin1", 0, 8) !== MAGIC)
    return undefined;
  const field = (i: number) => file.readUInt32LE(8 + 4 * i);
  const [patternLength, bytesLength, startsLength, ranksLength, slotsLength] = [
    field(0),
    field(1),
    field(2),
    field(3),
    field(4),
  ];
  const patternEnd = padded(patternLength);
  const startsAt = patternEnd + padded(bytesLength);
  const ranksAt = startsAt + 4 * startsLength;
  const slotsAt = ranksAt + 4 * ranksLength;
  if (file.length !== HEADER_BYTES + slotsAt + 4 * slotsLength)
    return undefined;
  // One start per token and one past the last; a power of two of slots, as
  // the lookup's mask needs.
  if (startsLength !== ranksLength + 1) return undefined;
  if (slotsLength === 0 || (slotsLength & (slotsLength - 1)) !== 0)
    return undefined;
  let body = file.subarray(HEADER_BYTES);
  if (crc32(body) !== field(5)) return undefined;
  if (body.byteOffset % 4 !== 0)
    body = Buffer.from(new Uint8Array(body).buffer);
  const { buffer, byteOffset: o } = body;
  return {
    pattern: body.toString("utf8", 0, patternLength),
    ranks: rankTableOf({
      bytes: new Uint8Array(buffer, o + patternEnd, bytesLength),
      starts: new Uint32Array(buffer, o + startsAt, startsLength),
      ranks: new Uint32Array(buffer, o + ranksAt, ranksLength),
      slots: new Int32Array(buffer, o + slotsAt, slotsLength),
    }),
  };
}
