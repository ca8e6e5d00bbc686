import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";

// "askcode blob, format 2": the checksum is CRC-32, which reads a 32 MB
// index snapshot in 5 ms where SHA-256 took 16 (of a warm question's
// 300); an accident (a torn write, a flipped bit, a file under another
// name) goes unseen once in 4 billion. Format 1, its checksum SHA-256, is
// still read: entries written before stay valid. Any other magic is an
// entry of another version (or not ours): read as corrupt, so deleted.
const MAGIC = Buffer.from("ACB2", "latin1");
const MAGIC_SHA256 = Buffer.from("ACB1", "latin1");
const LENGTH_BYTES = 4;
// The field format 1 gave its SHA-256; format 2's CRC-32 fills its first
// four bytes, the rest zero, so that both spend the same bytes.
const CHECKSUM_BYTES = 32;

/** The bytes every entry spends before its payload. */
export const ENTRY_HEADER_BYTES = MAGIC.length + LENGTH_BYTES + CHECKSUM_BYTES;

/** The largest payload one entry holds (the length field is 32 bits). */
export const MAX_PAYLOAD_BYTES = 0xffff_ffff;

/**
 * An entry as written to disk: magic, payload length (uint32, big-endian),
 * CRC-32 of kind, sha and payload (uint32, big-endian, in a 32-byte
 * field), then the payload. The key is in the checksum so that a file
 * copied or renamed under another SHA reads as corrupt rather than as
 * another blob's contents.
 *
 * @example
 * encodeBlobEntry("text", sha, Buffer.from("hello\n")).length // 46: 40 of header, 6 of payload
 */
export function encodeBlobEntry(
  kind: string,
  sha: string,
  payload: Buffer,
): Buffer {
  if (payload.length > MAX_PAYLOAD_BYTES)
    throw new RangeError(
      `a blob entry holds at most ${MAX_PAYLOAD_BYTES} bytes`,
    );
  const header = Buffer.alloc(ENTRY_HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(payload.length, MAGIC.length);
  checksum(kind, sha, payload).copy(header, MAGIC.length + LENGTH_BYTES);
  return Buffer.concat([header, payload]);
}

/** What reading an entry found: its payload, or why it cannot be trusted. */
export type DecodedBlobEntry =
  { ok: true; payload: Buffer } | { ok: false; problem: string };

/**
 * The payload of an entry written by `encodeBlobEntry` for the same kind and
 * sha, after checking its magic, length and checksum; a truncated, extended,
 * flipped or misplaced entry is a problem, never a payload.
 *
 * @example
 * decodeBlobEntry("text", sha, encodeBlobEntry("text", sha, bytes)) // { ok: true, payload: bytes }
 * decodeBlobEntry("text", sha, entry.subarray(0, 20)) // { ok: false, problem: "shorter than its header" }
 */
export function decodeBlobEntry(
  kind: string,
  sha: string,
  entry: Buffer,
): DecodedBlobEntry {
  if (entry.length < ENTRY_HEADER_BYTES)
    return { ok: false, problem: "shorter than its header" };
  const magic = entry.subarray(0, MAGIC.length);
  const sha256 = magic.equals(MAGIC_SHA256);
  if (!sha256 && !magic.equals(MAGIC))
    return { ok: false, problem: "not an askcode blob entry (wrong magic)" };
  const length = entry.readUInt32BE(MAGIC.length);
  if (entry.length !== ENTRY_HEADER_BYTES + length)
    return {
      ok: false,
      problem: `${entry.length - ENTRY_HEADER_BYTES} bytes of payload where its header says ${length}`,
    };
  const payload = entry.subarray(ENTRY_HEADER_BYTES);
  const stored = entry.subarray(
    MAGIC.length + LENGTH_BYTES,
    ENTRY_HEADER_BYTES,
  );
  const expected = sha256
    ? sha256Checksum(kind, sha, payload)
    : checksum(kind, sha, payload);
  if (!expected.equals(stored))
    return { ok: false, problem: "checksum mismatch" };
  return { ok: true, payload };
}

/**
 * The payload length an entry's header gives, or undefined when it is not
 * the header of a format 2 entry (format 1's SHA-256 is checked only
 * whole): for `openBlobRanges`, which reads a payload by pieces that their
 * reader checks, not the entry's checksum.
 *
 * @example
 * checkEntryHeader(entry.subarray(0, ENTRY_HEADER_BYTES)) // 6 for encodeBlobEntry(kind, sha, Buffer.from("hello\n"))
 */
export function checkEntryHeader(header: Buffer): number | undefined {
  if (header.length < ENTRY_HEADER_BYTES) return undefined;
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  return header.readUInt32BE(MAGIC.length);
}

function checksum(kind: string, sha: string, payload: Buffer): Buffer {
  const field = Buffer.alloc(CHECKSUM_BYTES);
  field.writeUInt32BE(crc32(payload, crc32(`${kind}\0${sha}\0`)));
  return field;
}

// Format 1's.
function sha256Checksum(kind: string, sha: string, payload: Buffer): Buffer {
  return createHash("sha256")
    .update(`${kind}\0${sha}\0`)
    .update(payload)
    .digest();
}
