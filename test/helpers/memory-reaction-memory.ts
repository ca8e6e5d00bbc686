import { LRUCache } from "lru-cache";
import type { ReactionMemory } from "../../src/storage/reaction-memory/reaction-memory.js";

/**
 * A 👎 memory that lasts as long as the process, for unit tests (a
 * deployment keeps it in the embedded store or Redis): an LRU of answer
 * comment ids, bounded by `max`. An answer forgotten (evicted) and read
 * again counts its 👎 again.
 *
 * @example
 * const memory = createMemoryReactionMemory();
 * await memory.swap(1_234, 2) // 0
 * await memory.swap(1_234, 3) // 2
 */
export function createMemoryReactionMemory(
  options: { max?: number } = {},
): ReactionMemory {
  const counts = new LRUCache<number, number>({ max: options.max ?? 50_000 });
  return {
    async swap(commentId, count) {
      const before = counts.get(commentId) ?? 0;
      counts.set(commentId, count);
      return before;
    },
  };
}
