import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "../shared/clock.js";

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
  /**
   * When GitHub last vouched for this body (a 200, or a 304 to its ETag), in
   * epoch milliseconds on the cache's clock: replicas compare it (NTP keeps
   * their clocks within milliseconds of each other, far below any TTL).
   */
  fetchedAt: number;
}

/** What `load` learnt from GitHub about a key. */
export type LoadResult =
  | { outcome: "fetched"; response: Omit<CachedResponse, "fetchedAt"> }
  /** A 304: the stale entry handed to `load` is still GitHub's answer. */
  | { outcome: "not-modified" }
  /** GitHub failed (5xx, network); the stale entry handed to `load` serves. */
  | { outcome: "stale-on-error" };

/** What a fetch through the cache needs to know about the request. */
export interface ResponseFetchContext {
  /** Asks GitHub, conditionally when `stale` carries an ETag. */
  load(stale: CachedResponse | undefined): Promise<LoadResult>;
  /** Told when the shared store served the answer without asking GitHub. */
  sharedHit?(): void;
}

/**
 * A store of responses several processes share (`createRedisResponseStore`).
 * It never throws: a failing store reads as empty and writes nothing, so a
 * read goes to GitHub instead.
 */
export interface SharedResponseStore {
  /** The answer stored under `key`, fresh or stale; undefined when none. */
  read(key: string): Promise<CachedResponse | undefined>;
  /** When the stored copy carrying `etag` was last vouched for; undefined when none does. */
  vouchedAt(key: string, etag: string): Promise<number | undefined>;
  write(key: string, response: CachedResponse): Promise<void>;
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
  /** Behind this process's entries: what other replicas fetched (Redis). */
  shared?: SharedResponseStore;
}

/**
 * The process-wide store of GitHub responses, bounded in bytes. Keys carry the
 * installation, so one installation's private code is never served to another.
 * Entries past their TTL stay (stale) until revalidated with `If-None-Match`:
 * lru-cache hands the stale value to `fetchMethod`, whose `load` (see
 * `github-api.ts`) asks GitHub, and a 304 keeps that value.
 *
 * With a `shared` store (several replicas, `REDIS_URL`) this cache stays in
 * front, holding parsed bodies, and the store behind it: a local miss reads
 * the store, whose fresh answer is served with no request and whose stale one
 * lends its ETag to the revalidation; what GitHub answers (200 or 304) is
 * written back. Freshness is one rule for both (`freshForMs`): an answer is
 * fresh for the request's TTL after GitHub last vouched for it, so an answer
 * taken from the store is fresh locally only for what is left of that.
 */
export function createResponseCache(
  options: ResponseCacheOptions = {},
): ResponseCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const clock = options.clock ?? systemClock;
  const { shared } = options;
  return new LRUCache<string, CachedResponse, ResponseFetchContext>({
    maxSize: maxBytes,
    // One response never takes more than a quarter of the cache.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (value, key) => Math.max(1, value.bytes + key.length),
    ttl: options.ttlMs ?? 60 * 60 * 1000,
    // An injected clock must be read on every check, not cached for a tick.
    ttlResolution: options.clock ? 0 : 1,
    perf: options.clock,
    fetchMethod: async (key, local, { options: set, context }) => {
      // The TTL this request asked for (0: immutable, never stale).
      const ttl = set.ttl ?? 0;
      // What lru-cache keeps the answer for: what is left of its freshness.
      const serve = (entry: CachedResponse) => {
        if (ttl > 0)
          set.ttl = entry.immutable
            ? 0
            : Math.max(1, freshForMs(entry, ttl, clock.now()));
        return entry;
      };
      let stale = local;
      if (shared && !local) {
        const stored = await shared.read(key);
        if (stored && freshForMs(stored, ttl, clock.now()) > 0) {
          context.sharedHit?.();
          return serve(stored);
        }
        stale = stored;
      } else if (shared && local?.etag) {
        // Another replica may have revalidated this very body since.
        const vouched = await shared.vouchedAt(key, local.etag);
        const renewed =
          vouched === undefined ? undefined : { ...local, fetchedAt: vouched };
        if (renewed && freshForMs(renewed, ttl, clock.now()) > 0) {
          context.sharedHit?.();
          return serve(renewed);
        }
      }
      const loaded = await context.load(stale);
      // Stale-if-error: served for a full TTL, and never shared as fresh.
      if (loaded.outcome === "stale-on-error" && stale) return stale;
      const response = loaded.outcome === "fetched" ? loaded.response : stale;
      if (!response)
        throw new Error(
          `GitHub's ${loaded.outcome} answer for ${key} had no stored copy`,
        );
      const vouched = { ...response, fetchedAt: clock.now() };
      await shared?.write(key, vouched);
      return serve(vouched);
    },
  });
}

/**
 * How much longer `entry` may be served without asking GitHub when requests
 * for it trust an answer for `ttlMs` (0: forever, as lru-cache reads a TTL
 * of 0); 0 or less once it is stale. Immutable answers never go stale.
 *
 * @example
 * if (freshForMs(stored, 60_000, clock.now()) > 0) return stored; // no request
 */
export function freshForMs(
  entry: Pick<CachedResponse, "fetchedAt" | "immutable">,
  ttlMs: number,
  now: number,
): number {
  if (entry.immutable || ttlMs <= 0) return Number.POSITIVE_INFINITY;
  return entry.fetchedAt + ttlMs - now;
}
