import { syncReadsBlobFs } from "../cache/blob-fs.js";
import { createReadCaches } from "../compose/create-read-caches.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "../code-host/github/default-snapshot-max-bytes.js";
import {
  DEFAULT_BLOB_CACHE_MAX_BYTES,
  DEFAULT_DERIVED_CACHE_MAX_BYTES,
} from "../config/read-cache-defaults.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { BlobStore } from "../cache/blob-store.js";
import type { WarnLog } from "../shared/burst-warning.js";
import { systemClock } from "../shared/clock.js";
import {
  createIndexSnapshots,
  type IndexSnapshots,
} from "./index-snapshots.js";

/** What the CLI keeps in its cache directory between runs. */
export interface CliCaches {
  /** What indexing derived per blob. */
  derived?: DerivedCache;
  /** Whole indexes by the files they index; absent when running the sources (no build id). */
  snapshots?: IndexSnapshots;
  /** The directory's store, for what else is kept by SHA (a commit's co-change history). */
  blobs?: BlobStore;
}

/**
 * The caches of one CLI run, on disk in `dir`: the derived cache built the
 * way the app builds its own (`createReadCaches`, the same blob store and
 * entry format, with the app's default bounds), so one directory could
 * serve both, and whole-index snapshots in the same blob store. The store
 * never throws for the disk's sake: an unwritable `dir` costs only time,
 * with a warning on `log`.
 *
 * @example
 * const { derived, snapshots } = await openCliCaches("/home/ada/.cache/askcode", { log, buildId: readBuildId() });
 */
export async function openCliCaches(
  dir: string,
  deps: { log: WarnLog; buildId: string | undefined },
): Promise<CliCaches> {
  const caches = await createReadCaches(
    {
      blobCache: { dir, maxBytes: DEFAULT_BLOB_CACHE_MAX_BYTES },
      // One question per process: whole indexes in memory are never asked for again.
      indexCacheMaxBytes: 0,
      derivedCacheMaxBytes: DEFAULT_DERIVED_CACHE_MAX_BYTES,
      snapshotMaxBytes: DEFAULT_SNAPSHOT_MAX_BYTES,
    },
    {
      clock: systemClock,
      log: deps.log,
      // One question, nothing else to serve: synchronous reads are faster;
      // and a warm run reads a few entries, so the directory is scanned
      // (a stat per entry, of every repository kept) only to write.
      blobStore: { fs: syncReadsBlobFs, scan: "first-write" },
    },
  );
  return {
    ...(caches.derivedCache ? { derived: caches.derivedCache } : {}),
    ...(caches.blobs ? { blobs: caches.blobs } : {}),
    ...(caches.blobs && deps.buildId
      ? { snapshots: createIndexSnapshots(caches.blobs, deps.buildId) }
      : {}),
  };
}
