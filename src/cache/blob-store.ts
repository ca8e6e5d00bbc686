import { createBurstWarning, type WarnLog } from "../shared/burst-warning.js";
import { systemClock, type Clock } from "../shared/clock.js";
import {
  encodeBlobEntry,
  ENTRY_HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
} from "./blob-entry-format.js";
import { errorCode, nodeBlobFs, type BlobFs } from "./blob-fs.js";
import { blobPath, checkBlobKey } from "./blob-key.js";
import { createBlobIndex } from "./blob-index.js";
import { createBlobReader } from "./blob-reader.js";
import type { BlobRanges } from "./blob-ranges.js";
import { createBlobWriter } from "./blob-writer.js";
import { scanBlobDir } from "./scan-blob-dir.js";

/**
 * Immutable bytes on disk, keyed by what they are (`kind`) and the git blob
 * SHA they come from: a file's kept text ("text"), or what indexing derived
 * from it, with its format's version in the kind ("chunks:v1"), so a code
 * change that alters a format reads a new kind and never an old layout.
 */
export interface BlobStore {
  /** The bytes stored under kind and sha; undefined when none (or unreadable). */
  get(kind: string, sha: string): Promise<Buffer | undefined>;
  /**
   * The entry under kind and sha, to read by ranges (`BlobRanges`), or
   * undefined when none; the reader checks what it reads.
   */
  openRanges(kind: string, sha: string): Promise<BlobRanges | undefined>;
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

  const index = createBlobIndex({ dir, maxBytes, fs, writeWarning });

  // Reads what an earlier process left, into the index.
  async function scan(): Promise<void> {
    index.addScanned(await scanBlobDir(fs, dir, clock.now() - STALE_TEMP_MS));
    await index.settleUnlinks();
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

  const write = createBlobWriter({ dir, fs, clock, writeWarning, index });
  const read = createBlobReader({
    dir,
    fs,
    clock,
    index,
    readWarning,
    corruptWarning,
    scanComplete: () => scanComplete,
  });
  const writing = new Map<string, Promise<void>>();

  return {
    get bytes() {
      return index.lru.calculatedSize;
    },
    get entries() {
      return index.lru.size;
    },
    get: read.get,
    openRanges: read.openRanges,
    async put(kind, sha, bytes) {
      const path = blobPath(dir, kind, sha);
      const key = `${kind}/${sha}`;
      // Room is counted against everything on disk: known before a write.
      if (!scanComplete) await scanOnce();
      // Immutable: an entry already held is never rewritten, only used.
      if (index.lru.get(key)) return;
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
    openRanges: async (kind, sha) => {
      checkBlobKey(kind, sha);
      return undefined;
    },
    put: async (kind, sha) => {
      checkBlobKey(kind, sha);
    },
  };
}
