import { syncReadsBlobFs } from "../cache/blob-fs.js";
import { createReadCaches } from "../cache/create-read-caches.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "../code-host/github/tarball-snapshot.js";
import {
  DEFAULT_BLOB_CACHE_MAX_BYTES,
  DEFAULT_DERIVED_CACHE_MAX_BYTES,
} from "../config/read-cache-defaults.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { WarnLog } from "../shared/burst-warning.js";
import { systemClock } from "../shared/clock.js";

/**
 * The derived cache of one CLI run: what indexing derived per blob, on disk
 * in `dir`, built the way the app builds its own (`createReadCaches`, the
 * same blob store and entry format, with the app's default bounds), so one
 * directory could serve both. The store never throws for the disk's sake: an
 * unwritable `dir` costs only time, with a warning on `log`.
 *
 * @example
 * const derived = await openDerivedCache("/home/ada/.cache/askcode", { log });
 */
export async function openDerivedCache(
  dir: string,
  deps: { log: WarnLog },
): Promise<DerivedCache | undefined> {
  const caches = await createReadCaches(
    {
      blobCache: {
        dir,
        maxBytes: DEFAULT_BLOB_CACHE_MAX_BYTES,
      },
      // One question per process: whole indexes are never asked for again.
      indexCacheMaxBytes: 0,
      derivedCacheMaxBytes: DEFAULT_DERIVED_CACHE_MAX_BYTES,
      snapshotMaxBytes: DEFAULT_SNAPSHOT_MAX_BYTES,
    },
    // One question, nothing else to serve: synchronous reads are faster.
    { clock: systemClock, log: deps.log, fs: syncReadsBlobFs },
  );
  return caches.derivedCache;
}
