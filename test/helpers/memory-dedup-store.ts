import { LRUCache } from "lru-cache";
import { systemClock, type Clock } from "../../src/shared/clock.js";
import {
  DEFAULT_DEDUP_TTL_MS,
  dedupKeys,
  type DedupStore,
} from "../../src/storage/dedup/dedup-store.js";

export interface MemoryDedupStoreOptions {
  /** How long an id is remembered (default 24 h). */
  ttlMs?: number;
  /** Ids remembered at most; the least recently claimed go first (default 50,000). */
  max?: number;
  /** What the TTL is measured on (default: the system clock). */
  clock?: Clock;
}

/**
 * A dedup store that lasts as long as the process, for unit tests (a
 * deployment claims in the embedded store's journal or in Redis): an LRU
 * with a TTL, bounded by `max`.
 *
 * @example
 * const dedup = createMemoryDedupStore();
 * await dedup.claim(job) // "claimed"
 * await dedup.claim(job) // "duplicate"
 */
export function createMemoryDedupStore(
  options: MemoryDedupStoreOptions = {},
): DedupStore {
  const clock = options.clock ?? systemClock;
  const seen = new LRUCache<string, true>({
    max: options.max ?? 50_000,
    ttl: options.ttlMs ?? DEFAULT_DEDUP_TTL_MS,
    // Read the clock on every check (no cached "now"), so a moved clock counts at once.
    ttlResolution: 0,
    perf: { now: () => clock.now() },
  });
  return {
    async claim(job) {
      const keys = dedupKeys(job);
      if (keys.some((key) => seen.has(key))) return "duplicate";
      for (const key of keys) seen.set(key, true);
      return "claimed";
    },
    async release(job) {
      for (const key of dedupKeys(job)) seen.delete(key);
    },
  };
}
