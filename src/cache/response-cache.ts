import { LRUCache } from "lru-cache";
import type { Clock } from "../shared/clock.js";

/** One stored GitHub response: what a conditional request needs to revalidate it. */
export interface CachedResponse {
  status: number;
  data: unknown;
  /** The `etag` header exactly as GitHub sent it, quotes and `W/` included. */
  etag?: string;
  /** The response headers we read later (rate limits, `link`), lower-case. */
  headers: Record<string, string>;
  /** Bytes the body took on the wire (approximately, for JSON). */
  bytes: number;
  /** Addressed by a commit or blob SHA: it never changes and is never revalidated. */
  immutable: boolean;
}

/** What a fetch through the cache needs to know about the request. */
export interface ResponseFetchContext {
  load(stale: CachedResponse | undefined): Promise<CachedResponse>;
}

export type ResponseCache = LRUCache<
  string,
  CachedResponse,
  ResponseFetchContext
>;

export interface ResponseCacheOptions {
  /** Upper bound on the bytes of stored bodies (default 64 MiB). */
  maxBytes?: number;
  /** How long a mutable response is served without asking GitHub (default one hour). */
  ttlMs?: number;
  clock?: Pick<Clock, "now">;
}

/**
 * The process-wide store of GitHub responses, bounded in bytes. Keys carry the
 * installation, so one installation's private code is never served to another.
 * Entries past their TTL stay (stale) until revalidated with `If-None-Match`:
 * lru-cache hands the stale value to `fetchMethod`, whose `load` (see
 * `github-api.ts`) turns a 304 back into that value.
 */
export function createResponseCache(
  options: ResponseCacheOptions = {},
): ResponseCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  return new LRUCache<string, CachedResponse, ResponseFetchContext>({
    maxSize: maxBytes,
    // One response never takes more than a quarter of the cache.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (value, key) => Math.max(1, value.bytes + key.length),
    ttl: options.ttlMs ?? 60 * 60 * 1000,
    // An injected clock must be read on every check, not cached for a tick.
    ttlResolution: options.clock ? 0 : 1,
    perf: options.clock,
    fetchMethod: (_key, stale, { context }) => context.load(stale),
  });
}
