import { createHash } from "node:crypto";
import {
  decodeBlobEntry,
  encodeBlobEntry,
  ENTRY_HEADER_BYTES,
} from "../../../src/cache/blob-entry-format.js";

const SHA = "3b18e512dba79e4c8300dd08aeb37f8e728b8dad";
const payload = Buffer.from("def should_retry(status):\n    return True\n");

// An entry as format 1 wrote it: magic "ACB1", length, SHA-256 of kind, sha and payload.
function formatOneEntry(kind: string, sha: string, bytes: Buffer): Buffer {
  const header = Buffer.alloc(ENTRY_HEADER_BYTES);
  header.write("ACB1", 0, "latin1");
  header.writeUInt32BE(bytes.length, 4);
  createHash("sha256")
    .update(`${kind}\0${sha}\0`)
    .update(bytes)
    .digest()
    .copy(header, 8);
  return Buffer.concat([header, bytes]);
}

describe("blob entry format", () => {
  it("gives back the payload it encoded, with a CRC-32 in place of the SHA-256", () => {
    const entry = encodeBlobEntry("text", SHA, payload);

    expect(entry.subarray(0, 4).toString("latin1")).toBe("ACB2");
    expect(entry.length).toBe(ENTRY_HEADER_BYTES + payload.length);
    expect(decodeBlobEntry("text", SHA, entry)).toEqual({ ok: true, payload });
  });

  it("still reads an entry written by format 1", () => {
    expect(
      decodeBlobEntry("text", SHA, formatOneEntry("text", SHA, payload)),
    ).toEqual({ ok: true, payload });
  });

  it("finds a flipped bit, another key, or another magic, in either format", () => {
    for (const entry of [
      encodeBlobEntry("text", SHA, payload),
      formatOneEntry("text", SHA, payload),
    ]) {
      const flipped = Buffer.from(entry);
      flipped[ENTRY_HEADER_BYTES + 5]! ^= 0x01;
      expect(decodeBlobEntry("text", SHA, flipped)).toEqual({
        ok: false,
        problem: "checksum mismatch",
      });
      expect(decodeBlobEntry("text", "f".repeat(40), entry)).toEqual({
        ok: false,
        problem: "checksum mismatch",
      });
      expect(decodeBlobEntry("chunks:v4", SHA, entry).ok).toBe(false);
    }
    const other = encodeBlobEntry("text", SHA, payload);
    other.write("ACB3", 0, "latin1");
    expect(decodeBlobEntry("text", SHA, other)).toEqual({
      ok: false,
      problem: "not an askcode blob entry (wrong magic)",
    });
  });
});
