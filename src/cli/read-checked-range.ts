import { crc32 } from "node:zlib";
import type { BlobRanges } from "../cache/blob-ranges.js";
import { AskcodeError } from "../shared/errors.js";

/**
 * Bytes `start` to `end` of a kept index's entry, checked against the
 * CRC-32 the snapshot keeps for them. A range that cannot be read or fails
 * its check (a flipped bit, a cut file) deletes the entry, so that the next
 * question builds the index again, and ends this one with an error that
 * says `what` is corrupt and that asking again rebuilds it.
 *
 * @example
 * const bytes = readCheckedRange(ranges, 0, 16_384, crc[0], "postings");
 */
export function readCheckedRange(
  ranges: BlobRanges,
  start: number,
  end: number,
  crc: number | undefined,
  what: () => string,
): Buffer {
  let bytes: Buffer | undefined;
  try {
    bytes = ranges.read(start, end);
  } catch {
    bytes = undefined;
  }
  if (bytes === undefined || crc32(bytes) !== crc) {
    ranges.discard();
    throw new AskcodeError(
      `askcode's kept index holds ${what()}; the entry is deleted, so asking again builds the index anew`,
    );
  }
  return bytes;
}
