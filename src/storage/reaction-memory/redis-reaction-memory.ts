import type { Redis } from "ioredis";
import type { ReactionMemory } from "./reaction-memory.js";

// Answers are read again for as long as their thread gets follow-ups; a
// quarter of a year covers nearly all of them and keeps the keys bounded.
const DEFAULT_TTL_SECONDS = 90 * 24 * 60 * 60;

/**
 * The shared memory: one key per answer comment,
 * `askcode:reactions:thumbs-down:comment:<id>`, swapped atomically
 * (`SET … GET`), so replicas reading the same thread at once count each 👎
 * once. Each read renews the key's TTL.
 *
 * @example
 * const memory = createRedisReactionMemory(redis);
 * await memory.swap(1_234, 2) // 0
 * await memory.swap(1_234, 3) // 2
 */
export function createRedisReactionMemory(
  redis: Redis,
  options: { ttlSeconds?: number } = {},
): ReactionMemory {
  const ttl = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  return {
    async swap(commentId, count) {
      const before = await redis.call(
        "SET",
        `askcode:reactions:thumbs-down:comment:${commentId}`,
        String(count),
        "GET",
        "EX",
        String(ttl),
      );
      return typeof before === "string" ? Number(before) || 0 : 0;
    },
  };
}
