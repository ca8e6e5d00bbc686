import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { LRUCache } from "lru-cache";
import { createBurstWarning, type WarnLog } from "../shared/burst-warning.js";
import { systemClock, type Clock } from "../shared/clock.js";
import {
  decodeBlobEntry,
  encodeBlobEntry,
  ENTRY_HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
} from "./blob-entry-format.js";
import { errorCode, nodeBlobFs, type BlobFs } from "./blob-fs.js";
import { blobPath, checkBlobKey } from "./blob-key.js";
import { scanBlobDir, TEMP_MARKER } from "./scan-blob-dir.js";

/**
 * Immutable bytes on disk, keyed by what they are (`kind`) and the git blob
 * SHA they come from: a file's kept text ("text"), or what indexing derived
 * from it, with its format's version in the kind ("chunks:v1"), so a code
 * change that alters a format reads a new kind and never an old layout.
 */
export interface BlobStore {
  /** The bytes stored under kind and sha; undefined when none (or unreadable). */
  get(kind: string, sha: string): Promise<Buffer | undefined>;
  /** Stores the bytes; never throws for the disk's sake (full, read-only), it logs. */
  put(kind: string, sha: string, bytes: Buffer): Promise<void>;
  /** Bytes the entries take on disk, headers included. */
  readonly bytes: number;
  readonly entries: number;
}

export interface BlobStoreOptions {
  /** Created if missing; kept across restarts (ASKCODE_BLOB_CACHE_DIR). */
  dir: string;
  /** The most bytes the entries take; the least recently used go first. 0: no store. */
  maxBytes: number;
  /** Reads the time for recency on disk and the warnings' quiet period. */
  clock?: Pick<Clock, "now">;
  /** Where a failing disk or a corrupt entry is reported (rate-limited). */
  log?: WarnLog;
  /** The file-system calls (default node:fs/promises). */
  fs?: BlobFs;
  /**
   * When to read the directory's sizes and recency (default "start").
   * "first-write" suits a short process that mostly reads (the CLI): a
   * read before then goes to the entry's file directly, so a run that
   * writes nothing never pays a stat per entry; `bytes` and `entries`
   * count only the entries seen until the first write.
   */
  scan?: "start" | "first-write";
}

interface IndexedBlob {
  kind: string;
  sha: string;
  /** On disk, header included. */
  bytes: number;
  /** When the file's mtime was last set to say it was used (clock ms). */
  touchedAt: number;
}

// A hit moves the entry to the front in memory at once; on disk (the mtime
// the next start orders by) at most this often, so that hot entries cost no
// extra system call per read.
const TOUCH_EVERY_MS = 60_000;
// A temporary file older than this at start is a write a crash cut short.
const STALE_TEMP_MS = 10 * 60_000;

/**
 * Opens the blob store in `dir`: scans what an earlier process left there
 * (its index of sizes and recency lives in memory, least recently used
 * evicted first once the total passes `maxBytes`) and returns the store.
 * Each replica keeps its own directory; losing it costs only time.
 *
 * Faults end in a miss or a skipped write and a log line, never a throw:
 * an entry is written to a temporary file and renamed into place, so a crash
 * or two writers racing never leave half an entry (the last rename wins and
 * both wrote the same bytes); every read checks the entry's checksum, and a
 * corrupt or truncated one is deleted and read as a miss; a full disk or a
 * refused write skips the entry. Only a bad kind or sha throws (a TypeError:
 * a caller's bug that could otherwise reach outside `dir`).
 *
 * @example
 * const blobs = await createBlobStore({ dir: config.blobCache.dir, maxBytes: config.blobCache.maxBytes, log: app.log });
 * await blobs.put("text", "3b18e512dba79e4c8300dd08aeb37f8e728b8dad", Buffer.from("hello\n"));
 * await blobs.get("text", "3b18e512dba79e4c8300dd08aeb37f8e728b8dad") // <Buffer 68 65 6c 6c 6f 0a>
 */
export async function createBlobStore(
  options: BlobStoreOptions,
): Promise<BlobStore> {
  const { dir, maxBytes } = options;
  const fs = options.fs ?? nodeBlobFs;
  const clock = options.clock ?? systemClock;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new TypeError(
      `blob store maxBytes ${maxBytes} is not allowed: a whole number of bytes, 0 for no store`,
    );
  if (maxBytes === 0) return noBlobStore();
  const writeWarning = createBurstWarning({ log: options.log, clock });
  const readWarning = createBurstWarning({ log: options.log, clock });
  const corruptWarning = createBurstWarning({ log: options.log, clock });

  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (error) {
    return unusable(error);
  }
  function unusable(error: unknown): BlobStore {
    writeWarning.failed(
      error,
      `askcode cannot use the blob cache directory ${dir} (${errorCode(error) ?? "error"}); running without it, which costs only time`,
    );
    return noBlobStore();
  }

  // Unlinks started by evictions; the put (or start) that caused them waits
  // for them, so the disk is back under maxBytes when it returns.
  const unlinking: Promise<void>[] = [];
  const unlink = (path: string) =>
    fs.unlink(path).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT")
        writeWarning.failed(
          error,
          `askcode could not delete ${path} from the blob cache; the directory may grow past its size`,
        );
    });
  // lru-cache does the bookkeeping: sizes against maxSize, recency, and
  // which entry goes when a new one does not fit; dispose deletes its file.
  const index = new LRUCache<string, IndexedBlob>({
    maxSize: maxBytes,
    sizeCalculation: (blob) => blob.bytes,
    dispose: (blob, _key, reason) => {
      // "delete" is the store forgetting a file it already removed; "set"
      // replaces an entry with the same file.
      if (reason === "evict")
        unlinking.push(unlink(blobPath(dir, blob.kind, blob.sha)));
    },
  });
  const settleUnlinks = () => Promise.all(unlinking.splice(0));

  // Reads what an earlier process left, into the index; an entry already
  // there (read since start) stays the most recently used.
  async function scan(): Promise<void> {
    const found = await scanBlobDir(fs, dir, clock.now() - STALE_TEMP_MS);
    // Set aside, then set again after the scanned ones, so that a trim to
    // maxBytes takes older entries first. Least recent first.
    const usedThisRun = [...index.entries()].reverse();
    for (const [key] of usedThisRun) index.delete(key);
    const used = new Set(usedThisRun.map(([key]) => key));
    for (const blob of found) {
      const key = `${blob.kind}/${blob.sha}`;
      if (blob.bytes > 0 && blob.bytes <= maxBytes && !used.has(key))
        index.set(key, {
          kind: blob.kind,
          sha: blob.sha,
          bytes: blob.bytes,
          touchedAt: blob.mtimeMs,
        });
    }
    for (const [key, blob] of usedThisRun) index.set(key, blob);
    await settleUnlinks();
    scanComplete = true;
  }
  let scanComplete = false;
  let scanned: Promise<void> | undefined;
  if ((options.scan ?? "start") === "start") {
    scanned = scan();
    try {
      await scanned;
    } catch (error) {
      return unusable(error);
    }
  }
  // A scan that fails later (the directory gone) leaves the store as it is.
  const scanOnce = () =>
    (scanned ??= scan().catch((error: unknown) =>
      writeWarning.failed(
        error,
        `askcode could not read the blob cache directory ${dir} (${errorCode(error) ?? "error"}); its size is counted from this run's entries`,
      ),
    ));

  const madeDirs = new Set<string>();
  const writing = new Map<string, Promise<void>>();

  async function write(
    kind: string,
    sha: string,
    path: string,
    entry: Buffer,
  ): Promise<void> {
    const folder = dirname(path);
    const temp = `${path}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
    try {
      if (!madeDirs.has(folder)) {
        await fs.mkdir(folder, { recursive: true });
        madeDirs.add(folder);
      }
      await fs.writeFile(temp, entry);
      await fs.rename(temp, path);
    } catch (error) {
      // The directory may have been removed under us: made again next time.
      madeDirs.delete(folder);
      // The temp may never have been written; the failure that matters is
      // the write's, reported below.
      await fs.unlink(temp).catch(() => {});
      writeWarning.failed(
        error,
        `askcode could not write to the blob cache in ${dir} (${errorCode(error) ?? "error"}); entries are skipped while it lasts, which costs only time`,
      );
      return;
    }
    writeWarning.recovered();
    index.set(`${kind}/${sha}`, {
      kind,
      sha,
      bytes: entry.length,
      touchedAt: clock.now(),
    });
    await settleUnlinks();
  }

  async function touch(path: string, blob: IndexedBlob): Promise<void> {
    const now = clock.now();
    if (now - blob.touchedAt < TOUCH_EVERY_MS) return;
    blob.touchedAt = now;
    // Only the order at the next start depends on it: a failure is no fault.
    await fs.utimes(path, now / 1000, now / 1000).catch(() => {});
  }

  return {
    get bytes() {
      return index.calculatedSize;
    },
    get entries() {
      return index.size;
    },
    async get(kind, sha) {
      const path = blobPath(dir, kind, sha);
      const key = `${kind}/${sha}`;
      let blob = index.get(key);
      // Before the scan the index knows only this run's entries: the file may be there.
      if (!blob && scanComplete) return undefined;
      let entry: Buffer;
      try {
        entry = await fs.readFile(path);
      } catch (error) {
        if (errorCode(error) === "ENOENT") index.delete(key);
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
        index.delete(key);
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
        index.set(key, blob);
      }
      await touch(path, blob);
      return decoded.payload;
    },
    async put(kind, sha, bytes) {
      const path = blobPath(dir, kind, sha);
      const key = `${kind}/${sha}`;
      // Room is counted against everything on disk: known before a write.
      if (!scanComplete) await scanOnce();
      // Immutable: an entry already held is never rewritten, only used.
      if (index.get(key)) return;
      const racing = writing.get(key);
      if (racing) return racing;
      // An entry larger than the whole store would evict everything and
      // then not fit: it is not kept.
      if (
        bytes.length > MAX_PAYLOAD_BYTES ||
        ENTRY_HEADER_BYTES + bytes.length > maxBytes
      )
        return;
      const done = write(kind, sha, path, encodeBlobEntry(kind, sha, bytes));
      writing.set(key, done);
      try {
        await done;
      } finally {
        writing.delete(key);
      }
    },
  };
}

/** The store when there is none (maxBytes 0, or an unusable directory): every get misses. */
function noBlobStore(): BlobStore {
  return {
    bytes: 0,
    entries: 0,
    get: async (kind, sha) => {
      checkBlobKey(kind, sha);
      return undefined;
    },
    put: async (kind, sha) => {
      checkBlobKey(kind, sha);
    },
  };
}
