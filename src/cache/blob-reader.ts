import { unlinkSync } from "node:fs";
import type { BurstWarning } from "../shared/burst-warning.js";
import type { Clock } from "../shared/clock.js";
import { decodeBlobEntry } from "./blob-entry-format.js";
import { errorCode, type BlobFs } from "./blob-fs.js";
import type { BlobIndex, IndexedBlob } from "./blob-index.js";
import { blobPath } from "./blob-key.js";
import { openBlobRanges, type BlobRanges } from "./blob-ranges.js";

// A hit moves the entry to the front in memory at once; on disk (the mtime
// the next start orders by) at most this often, so that hot entries cost no
// extra system call per read.
const TOUCH_EVERY_MS = 60_000;

/**
 * The blob store's reads (`BlobStore.get` and `openRanges`): every read
 * checks the entry's checksum, and a corrupt or truncated one is deleted and
 * read as a miss; a read that fails otherwise is a miss and a warning. A hit
 * is the most recently used entry, in memory at once and on disk now and
 * then. An entry opened by ranges is checked by its reader, which deletes
 * it the same way (`BlobRanges.discard`).
 *
 * @example
 * const { get } = createBlobReader({ dir, fs, clock, index, readWarning, corruptWarning, scanComplete: () => true });
 * await get("text", sha) // the payload, or undefined
 */
export function createBlobReader(options: {
  dir: string;
  fs: BlobFs;
  clock: Pick<Clock, "now">;
  index: BlobIndex;
  readWarning: BurstWarning;
  corruptWarning: BurstWarning;
  /** Whether the index knows every entry on disk (else a file may be there that it does not). */
  scanComplete: () => boolean;
}): {
  get(kind: string, sha: string): Promise<Buffer | undefined>;
  openRanges(kind: string, sha: string): Promise<BlobRanges | undefined>;
} {
  const { dir, fs, clock, index, readWarning, corruptWarning } = options;
  // Before the scan, the kinds on disk, listed once at the first read the
  // index cannot answer: an entry of a kind with no directory is a miss
  // without a read. A first run probes an entry per file (6,713 on a
  // django-sized checkout), each an ENOENT otherwise. A kind another
  // process creates later is missed by this one, which costs only time.
  // A listing that fails otherwise knows nothing: each entry is read.
  let kindsOnDisk: Promise<ReadonlySet<string> | undefined> | undefined;
  const listKinds = () =>
    fs.readdir(dir).then(
      (names) => new Set(names),
      (error: unknown) =>
        errorCode(error) === "ENOENT" ? new Set<string>() : undefined,
    );

  async function touch(path: string, blob: IndexedBlob): Promise<void> {
    const now = clock.now();
    if (now - blob.touchedAt < TOUCH_EVERY_MS) return;
    blob.touchedAt = now;
    // Only the order at the next start depends on it: a failure is no fault.
    await fs.utimes(path, now / 1000, now / 1000).catch(() => {});
  }

  async function get(kind: string, sha: string): Promise<Buffer | undefined> {
    const path = blobPath(dir, kind, sha);
    const key = `${kind}/${sha}`;
    let blob = index.lru.get(key);
    // Before the scan the index knows only this run's entries: the file may be there.
    if (!blob && options.scanComplete()) return undefined;
    if (!blob && (await (kindsOnDisk ??= listKinds()))?.has(kind) === false)
      return undefined;
    let entry: Buffer;
    try {
      entry = await fs.readFile(path);
    } catch (error) {
      if (errorCode(error) === "ENOENT") index.lru.delete(key);
      else
        readWarning.failed(
          error,
          `askcode could not read the blob cache in ${dir} (${errorCode(error) ?? "error"}); reading from GitHub instead`,
        );
      return undefined;
    }
    readWarning.recovered();
    const decoded = decodeBlobEntry(kind, sha, entry);
    if (!decoded.ok) {
      index.lru.delete(key);
      // Out of the index, it is not read again; a file left behind is
      // replaced by the next write of its SHA. The warning below says why.
      await fs.unlink(path).catch(() => {});
      corruptWarning.failed(
        new Error(`${path}: ${decoded.problem}`),
        `askcode deleted a corrupt blob cache entry (${decoded.problem}); it is read from GitHub again`,
      );
      return undefined;
    }
    if (!blob) {
      // Seen for the first time: when it was last used is unknown, so now.
      blob = { kind, sha, bytes: entry.length, touchedAt: -Infinity };
      index.lru.set(key, blob);
    }
    await touch(path, blob);
    return decoded.payload;
  }

  async function openRanges(
    kind: string,
    sha: string,
  ): Promise<BlobRanges | undefined> {
    const path = blobPath(dir, kind, sha);
    const key = `${kind}/${sha}`;
    const blob = index.lru.get(key);
    // Before the scan the index knows only this run's entries: the file may be there.
    if (!blob && options.scanComplete()) return undefined;
    // Used as a read is: else the next start, which orders entries by
    // mtime, would evict it before the entry naming it.
    if (blob) await touch(path, blob);
    return openBlobRanges(path, () => {
      index.lru.delete(key);
      try {
        // Synchronous: a reader by ranges finds a bad piece in the middle of a synchronous read.
        unlinkSync(path);
      } catch {
        // Gone already: the next open misses all the same.
      }
      corruptWarning.failed(
        new Error(`${path}: a part failed its check`),
        "askcode deleted a corrupt blob cache entry (a part failed its check); it is built again",
      );
    });
  }

  return { get, openRanges };
}
