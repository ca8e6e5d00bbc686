import {
  createKeptTextStore,
  type KeptTextStore,
} from "../code-host/github/kept-text-store.js";
import {
  createRedactionMemo,
  type RedactionMemo,
} from "../code-host/redaction-memo.js";
import {
  createSnapshotCache,
  type SnapshotCache,
} from "../code-host/github/snapshot-cache.js";
import type { OperatorConfig } from "../config/operator-config.js";
import {
  createDerivedCache,
  type DerivedCache,
} from "../retrieval/index/derived-cache.js";
import {
  createIndexCache,
  type IndexCache,
} from "../retrieval/index/index-cache.js";
import type { WarnLog } from "../shared/burst-warning.js";
import type { Clock } from "../shared/clock.js";
import {
  createBlobStore,
  type BlobStore,
  type BlobStoreOptions,
} from "../cache/blob-store.js";

/** What one process keeps of the repositories it read, from one commit to the next. */
export interface ReadCaches {
  /** Commits unpacked in memory, by installation, repository and SHA. */
  snapshotCache: SnapshotCache;
  /** Kept file text on disk by blob SHA; absent when the operator turned the blob cache off. */
  keptTexts?: KeptTextStore;
  /** Whole indexes by commit; absent when turned off. */
  indexCache?: IndexCache;
  /** What indexing derived per blob, in memory and (with the blob cache) on disk; absent when turned off. */
  derivedCache?: DerivedCache;
  /** What redaction made of each blob, in memory: for most files only that it changed nothing. */
  redactions: RedactionMemo;
  /** The blob store on disk under all of the above, for kinds of a caller's own; absent when turned off. */
  blobs?: BlobStore;
}

// The snapshot cache's bound when the cap is smaller (several small repositories).
const MIN_SNAPSHOT_CACHE_BYTES = 128 * 1024 * 1024;
// Redacted lines are kept only for files that held a secret; a clean file
// costs its key. 64 MiB is tens of thousands of files.
export const REDACTION_MEMO_BYTES = 64 * 1024 * 1024;

/**
 * The read caches of one process, built from the operator's settings, the
 * one way the app (`src/index.ts`) and the benchmarks that measure its read
 * path build them. The blob store on disk holds both kept text ("text") and
 * what indexing derived ("chunks:v1"), under one size bound: a new commit
 * then costs its tree, the blobs that changed, and indexing those alone.
 * A size of 0 turns a cache off.
 *
 * @example
 * const caches = await createReadCaches(loadOperatorConfig(process.env), { clock: systemClock, log: app.log });
 */
export async function createReadCaches(
  operator: Pick<
    OperatorConfig,
    | "blobCache"
    | "indexCacheMaxBytes"
    | "derivedCacheMaxBytes"
    | "snapshotMaxBytes"
  >,
  deps: {
    clock: Clock;
    log: WarnLog;
    /** How the blob store reaches the disk (default: node:fs/promises, scanned at start). */
    blobStore?: Pick<BlobStoreOptions, "fs" | "scan">;
  },
): Promise<ReadCaches> {
  const blobs =
    operator.blobCache.maxBytes > 0
      ? await createBlobStore({
          dir: operator.blobCache.dir,
          maxBytes: operator.blobCache.maxBytes,
          clock: deps.clock,
          log: deps.log,
          ...deps.blobStore,
        })
      : undefined;
  return {
    // Room for at least one snapshot at the cap: a second question on the
    // commit, or its tools, read from memory.
    snapshotCache: createSnapshotCache({
      maxBytes: Math.max(MIN_SNAPSHOT_CACHE_BYTES, operator.snapshotMaxBytes),
    }),
    redactions: createRedactionMemo({ maxBytes: REDACTION_MEMO_BYTES }),
    ...(blobs
      ? {
          blobs,
          keptTexts: createKeptTextStore(blobs, {
            memoryBytes: operator.snapshotMaxBytes,
          }),
        }
      : {}),
    ...(operator.indexCacheMaxBytes > 0
      ? {
          indexCache: createIndexCache({
            maxBytes: operator.indexCacheMaxBytes,
          }),
        }
      : {}),
    ...(operator.derivedCacheMaxBytes > 0
      ? {
          derivedCache: createDerivedCache({
            maxBytes: operator.derivedCacheMaxBytes,
            ...(blobs ? { blobs } : {}),
          }),
        }
      : {}),
  };
}
