import { closeSync, openSync, readSync } from "node:fs";
import { checkEntryHeader, ENTRY_HEADER_BYTES } from "./blob-entry-format.js";

/**
 * An entry's payload read by ranges, synchronously, from a file held open:
 * for a large entry of which a reader needs a few pieces (an index
 * snapshot's file texts: a question reads a few hundred of 6,713 files').
 * Only the header is checked on opening; the entry's checksum covers the
 * whole payload, so each reader checks its own pieces (a CRC kept beside
 * them elsewhere) and calls `discard` when one fails.
 */
export interface BlobRanges {
  /** The payload's length in bytes. */
  readonly length: number;
  /** Payload bytes `start` to `end`; throws if the file holds fewer. */
  read(start: number, end: number): Buffer;
  /** Deletes the entry (a piece failed its check): the next open misses. */
  discard(): void;
}

// The file stays open while its reader lives, closed once it is collected:
// an entry evicted or replaced meanwhile (by this process or another) is
// unlinked, and an open file still reads the bytes it had (POSIX).
const closeWhenCollected = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing held.
  }
});

/**
 * Opens the entry at `path` written for `kind` and `sha`, or undefined when
 * there is none or its header is not one (wrong magic, a length its file
 * does not hold): the caller reads that as a miss.
 *
 * @example
 * const ranges = openBlobRanges(blobPath(dir, kind, sha), () => unlinkSync(path));
 * ranges?.read(0, 100) // the payload's first 100 bytes
 */
export function openBlobRanges(
  path: string,
  discard: () => void,
): BlobRanges | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  const header = Buffer.alloc(ENTRY_HEADER_BYTES);
  const headerRead = readSync(fd, header, 0, ENTRY_HEADER_BYTES, 0);
  const length = checkEntryHeader(header.subarray(0, headerRead));
  if (length === undefined) {
    closeSync(fd);
    discard();
    return undefined;
  }
  const ranges: BlobRanges = {
    length,
    read(start, end) {
      if (!(0 <= start && start <= end && end <= length))
        throw new RangeError(
          `bytes ${start}-${end} are outside a blob entry's ${length}`,
        );
      const bytes = Buffer.allocUnsafe(end - start);
      const read = readSync(
        fd,
        bytes,
        0,
        bytes.length,
        ENTRY_HEADER_BYTES + start,
      );
      if (read !== bytes.length)
        throw new RangeError(
          `a blob entry held ${read} of bytes ${start}-${end}: it was cut short`,
        );
      return bytes;
    },
    discard,
  };
  closeWhenCollected.register(ranges, fd);
  return ranges;
}
