import type { Redis } from "ioredis";
import {
  DEFAULT_DEDUP_TTL_MS,
  dedupKeys,
  type DedupStore,
} from "./dedup-store.js";

// Both keys checked and set in one step, so two replicas receiving the same
// delivery at once cannot both find it free. As the SQLite store does, a
// duplicate claims nothing anew.
const CLAIM = `
if redis.call("EXISTS", KEYS[1], KEYS[2]) > 0 then return 0 end
redis.call("SET", KEYS[1], "1", "PX", ARGV[1])
redis.call("SET", KEYS[2], "1", "PX", ARGV[1])
return 1
`;

/**
 * The dedup store replicas share: `askcode:dedup:delivery:<id>` and
 * `askcode:dedup:trigger:<id>`, claimed together by a Lua script and
 * expiring after the TTL. The two keys are in different hash slots: it
 * needs one Redis (with replicas or Sentinel), not Redis Cluster.
 *
 * @example
 * const dedup = createRedisDedupStore(redis);
 * await dedup.claim(job) // "claimed" on one replica, "duplicate" on every other
 */
export function createRedisDedupStore(
  redis: Redis,
  options: { ttlMs?: number } = {},
): DedupStore {
  const ttlMs = options.ttlMs ?? DEFAULT_DEDUP_TTL_MS;
  return {
    async claim(job) {
      const claimed = await redis.eval(CLAIM, 2, ...dedupKeys(job), ttlMs);
      return claimed === 1 ? "claimed" : "duplicate";
    },
    async release(job) {
      await redis.del(...dedupKeys(job));
    },
  };
}
