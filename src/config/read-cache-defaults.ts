// Plain numbers, without zod: operator-config.ts gives them as the defaults
// of ASKCODE_DERIVED_CACHE_MAX_BYTES and ASKCODE_BLOB_CACHE_MAX_BYTES, and
// the CLI opens its cache with them without loading zod (about 55 ms).

const MiB = 1024 * 1024;

/** What indexing derived, held in memory: about 1.7 × the repositories' kept text. */
export const DEFAULT_DERIVED_CACHE_MAX_BYTES = 512 * MiB;

/** The blob cache on disk: kept text and derivations by blob SHA. */
export const DEFAULT_BLOB_CACHE_MAX_BYTES = 2048 * MiB;
