import { LRUCache } from "lru-cache";
import type { BurstWarning } from "../shared/burst-warning.js";
import { errorCode, type BlobFs } from "./blob-fs.js";
import { blobPath } from "./blob-key.js";
import type { ScannedBlob } from "./scan-blob-dir.js";

/** One entry of the blob store as its index knows it. */
export interface IndexedBlob {
  kind: string;
  sha: string;
  /** On disk, header included. */
  bytes: number;
  /** When the file's mtime was last set to say it was used (clock ms). */
  touchedAt: number;
}

/** The blob store's index of sizes and recency (`createBlobIndex`). */
export interface BlobIndex {
  /** Entries by `kind/sha`, least recently used evicted first once past `maxBytes`. */
  lru: LRUCache<string, IndexedBlob>;
  /** Waits for the files of the entries evicted so far to be deleted. */
  settleUnlinks(): Promise<unknown>;
  /** Takes in what a scan found on disk, older than this run's entries. */
  addScanned(found: readonly ScannedBlob[]): void;
}

/**
 * The index of a blob store's entries, held in memory: lru-cache does the
 * bookkeeping (sizes against `maxBytes`, recency, which entry goes when a
 * new one does not fit), and an evicted entry's file is deleted. The put
 * (or start) that caused an eviction waits for its unlink
 * (`settleUnlinks`), so the disk is back under `maxBytes` when it returns.
 *
 * @example
 * const index = createBlobIndex({ dir, maxBytes, fs, writeWarning });
 * index.lru.set("text/3b18e5…", { kind: "text", sha: "3b18e5…", bytes: 40, touchedAt: now });
 * await index.settleUnlinks();
 */
export function createBlobIndex(options: {
  dir: string;
  maxBytes: number;
  fs: BlobFs;
  /** Where a failed delete is reported. */
  writeWarning: BurstWarning;
}): BlobIndex {
  const { dir, maxBytes, fs, writeWarning } = options;
  const unlinking: Promise<void>[] = [];
  const unlink = (path: string) =>
    fs.unlink(path).catch((error: unknown) => {
      if (errorCode(error) !== "ENOENT")
        writeWarning.failed(
          error,
          `askcode could not delete ${path} from the blob cache; the directory may grow past its size`,
        );
    });
  const lru = new LRUCache<string, IndexedBlob>({
    maxSize: maxBytes,
    sizeCalculation: (blob) => blob.bytes,
    dispose: (blob, _key, reason) => {
      // "delete" is the store forgetting a file it already removed; "set"
      // replaces an entry with the same file.
      if (reason === "evict")
        unlinking.push(unlink(blobPath(dir, blob.kind, blob.sha)));
    },
  });
  return {
    lru,
    settleUnlinks: () => Promise.all(unlinking.splice(0)),
    // An entry already there (read since start) stays the most recently used.
    addScanned(found) {
      // Set aside, then set again after the scanned ones, so that a trim to
      // maxBytes takes older entries first. Least recent first.
      const usedThisRun = [...lru.entries()].reverse();
      for (const [key] of usedThisRun) lru.delete(key);
      const used = new Set(usedThisRun.map(([key]) => key));
      for (const blob of found) {
        const key = `${blob.kind}/${blob.sha}`;
        if (blob.bytes > 0 && blob.bytes <= maxBytes && !used.has(key))
          lru.set(key, {
            kind: blob.kind,
            sha: blob.sha,
            bytes: blob.bytes,
            touchedAt: blob.mtimeMs,
          });
      }
      for (const [key, blob] of usedThisRun) lru.set(key, blob);
    },
  };
}
