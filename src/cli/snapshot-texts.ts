import { crc32 } from "node:zlib";
import type { BlobRanges } from "../cache/blob-ranges.js";
import {
  textRanges,
  type IndexColumns,
  type TextBytes,
} from "../retrieval/index/index-columns.js";
import { readCheckedRange } from "./read-checked-range.js";

/**
 * Where an index snapshot's file texts lie in their own blob entry (the
 * Latin-1 group, then the UTF-16LE one), and each file's CRC-32 there.
 * Kept apart from the snapshot, a warm question reads the texts of the few
 * hundred files it shows, not the 18 MB of 6,713 on the django-sized
 * checkout: the read, the checksum over it, and the collections its
 * external memory brought on. The snapshot's own checksum covers this
 * table; each text is checked against it when read.
 */
export interface SnapshotTexts {
  /** The bytes of the Latin-1 group, which the UTF-16LE group follows. */
  narrowBytes: number;
  /** The payload's length: both groups. */
  bytes: number;
  /** CRC-32 of file f's bytes. */
  crc: Uint32Array;
}

/**
 * The columns without their texts, the texts' entry payload, and the table
 * that finds and checks each file's text in it.
 *
 * @example
 * const { columns: kept, payload, texts } = splitTexts(columns);
 */
export function splitTexts(columns: IndexColumns): {
  columns: IndexColumns;
  payload: Buffer;
  texts: SnapshotTexts;
} {
  const f = columns.files;
  const [narrow, wide] = f.texts;
  const payload = Buffer.concat([narrow, wide]);
  const crc = new Uint32Array(f.path.length);
  const rangeOf = textRanges(f);
  for (let id = 0; id < f.path.length; id++) {
    const [group, start, end] = rangeOf(id);
    const at = group === 0 ? 0 : narrow.byteLength;
    crc[id] = crc32(payload.subarray(at + start, at + end));
  }
  const none = new Uint8Array(0);
  return {
    columns: { ...columns, files: { ...f, texts: [none, none] } },
    payload,
    texts: { narrowBytes: narrow.byteLength, bytes: payload.length, crc },
  };
}

/**
 * Reads file texts from their entry by ranges, each checked against its
 * CRC-32; one that fails (a flipped bit, a cut file) deletes the entry, so
 * that the next question builds the index again, and ends this one with an
 * error that says so. Undefined when the entry is not the one `texts`
 * describes (another length): the snapshot is a miss.
 *
 * @example
 * const index = indexFromColumns(snapshot.index, textReader(snapshot.texts, ranges, (id) => paths[id]));
 */
export function textReader(
  texts: SnapshotTexts,
  ranges: BlobRanges,
  pathOf: (id: number) => string | undefined,
): TextBytes | undefined {
  if (ranges.length !== texts.bytes) {
    ranges.discard();
    return undefined;
  }
  return (id, group, start, end) => {
    const at = group === 0 ? 0 : texts.narrowBytes;
    return readCheckedRange(
      ranges,
      at + start,
      at + end,
      texts.crc[id],
      () => `a corrupt text for ${pathOf(id)}`,
    );
  };
}
