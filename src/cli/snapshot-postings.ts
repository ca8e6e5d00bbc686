import { crc32 } from "node:zlib";
import type { BlobRanges } from "../cache/blob-ranges.js";
import type { Bm25Index } from "../retrieval/index/bm25-index.js";
import type { IndexColumns } from "../retrieval/index/index-columns.js";
import { rememberPostingsReader } from "../retrieval/index/posting-range.js";
import { readCheckedRange } from "./read-checked-range.js";

/**
 * How an index snapshot's postings (`Bm25Index.docs`, then `tfs`, as their
 * bytes) lie in their own blob entry, read in blocks as a question first
 * asks for a term's (`postingRange`). They were half of the snapshot (7.8
 * of 15.7 MB on the django-sized checkout) and a question reads a few
 * dozen kilobytes of them: kept apart, a warm question no longer reads,
 * checks and copies the rest. The snapshot's own checksum covers this
 * table; each block is checked against it when read.
 */
export interface SnapshotPostings {
  /** Postings: `docs` takes 4 bytes each, `tfs` (after it) 2. */
  count: number;
  /** CRC-32 of each block of `POSTINGS_BLOCK_BYTES` (the last one shorter). */
  crc: Uint32Array;
}

// Small enough that a term's postings cost little more than their own
// bytes, large enough that the table of checksums stays small (about 500
// blocks on the django-sized checkout). Three questions there read 2-8.
export const POSTINGS_BLOCK_BYTES = 16_384;

/**
 * The columns without their postings, the postings' entry payload (their
 * bytes in the machine's order, as V8's serializer keeps typed arrays), and
 * the table that checks each block of it.
 *
 * @example
 * const { columns: kept, payload, postings } = splitPostings(columns);
 */
export function splitPostings(columns: IndexColumns): {
  columns: IndexColumns;
  payload: Buffer;
  postings: SnapshotPostings;
} {
  const { docs, tfs } = columns.bm25;
  const payload = Buffer.concat([bytesOf(docs), bytesOf(tfs)]);
  const crc = new Uint32Array(Math.ceil(payload.length / POSTINGS_BLOCK_BYTES));
  for (let b = 0; b < crc.length; b++)
    crc[b] = crc32(
      payload.subarray(
        b * POSTINGS_BLOCK_BYTES,
        (b + 1) * POSTINGS_BLOCK_BYTES,
      ),
    );
  return {
    columns: {
      ...columns,
      bm25: {
        ...columns.bm25,
        docs: new Uint32Array(0),
        tfs: new Uint16Array(0),
      },
    },
    payload,
    postings: { count: docs.length, crc },
  };
}

/**
 * Gives `bm25` postings read from their entry by blocks, each checked
 * against its CRC-32 when first read: `docs` and `tfs` hold zeros until
 * `postingRange` reads a term's. A block that fails its check (a flipped
 * bit, a cut file) deletes the entry, so that the next question builds the
 * index again, and ends this one with an error that says so. False, and
 * `bm25` untouched, when the entry is not the one `postings` describes
 * (another length): the snapshot is a miss.
 *
 * @example
 * if (!readPostingsFrom(snapshot.postings, ranges, index.bm25)) return undefined;
 */
export function readPostingsFrom(
  postings: SnapshotPostings,
  ranges: BlobRanges,
  bm25: Bm25Index,
): boolean {
  const { count, crc } = postings;
  const docsBytes = 4 * count;
  if (ranges.length !== 6 * count) {
    ranges.discard();
    return false;
  }
  // Zeroed, so that memory is taken only for the blocks written in.
  const bytes = new Uint8Array(ranges.length);
  const read = new Uint8Array(crc.length);
  const readBlock = (b: number) => {
    const start = b * POSTINGS_BLOCK_BYTES;
    const end = Math.min(start + POSTINGS_BLOCK_BYTES, ranges.length);
    bytes.set(
      readCheckedRange(ranges, start, end, crc[b], () => "corrupt postings"),
      start,
    );
    read[b] = 1;
  };
  const readBytes = (start: number, end: number) => {
    const last = Math.floor((end - 1) / POSTINGS_BLOCK_BYTES);
    for (let b = Math.floor(start / POSTINGS_BLOCK_BYTES); b <= last; b++)
      if (read[b] === 0) readBlock(b);
  };
  bm25.docs = new Uint32Array(bytes.buffer, 0, count);
  bm25.tfs = new Uint16Array(bytes.buffer, docsBytes, count);
  rememberPostingsReader(bm25, (from, to) => {
    readBytes(4 * from, 4 * to);
    readBytes(docsBytes + 2 * from, docsBytes + 2 * to);
  });
  return true;
}

function bytesOf(array: Uint32Array | Uint16Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
