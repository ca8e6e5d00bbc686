import { createHash } from "node:crypto";

// "askcode blob, format 1". A different magic is an entry from another
// version of this format (or not ours): read as corrupt, so deleted.
const MAGIC = Buffer.from("ACB1", "latin1");
const LENGTH_BYTES = 4;
const CHECKSUM_BYTES = 32;

/** The bytes every entry spends before its payload. */
export const ENTRY_HEADER_BYTES = MAGIC.length + LENGTH_BYTES + CHECKSUM_BYTES;

/** The largest payload one entry holds (the length field is 32 bits). */
export const MAX_PAYLOAD_BYTES = 0xffff_ffff;

/**
 * An entry as written to disk: magic, payload length (uint32, big-endian),
 * SHA-256 of kind, sha and payload, then the payload. The key is in the
 * checksum so that a file copied or renamed under another SHA reads as
 * corrupt rather than as another blob's contents.
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
  if (!entry.subarray(0, MAGIC.length).equals(MAGIC))
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
  if (!checksum(kind, sha, payload).equals(stored))
    return { ok: false, problem: "checksum mismatch" };
  return { ok: true, payload };
}

function checksum(kind: string, sha: string, payload: Buffer): Buffer {
  return createHash("sha256")
    .update(`${kind}\0${sha}\0`)
    .update(payload)
    .digest();
}
