import { LRUCache } from "lru-cache";

/**
 * The 👎 count each of askcode's answers had when askcode last read it, so
 * reading a thread again counts only what is new. One replica remembers in
 * memory (`createMemoryReactionMemory`); replicas share Redis
 * (`createRedisReactionMemory`), so two replicas reading one thread do not
 * both count its 👎.
 */
export interface ReactionMemory {
  /** Remembers `count` for the answer comment; resolves the count remembered before (0: never seen). */
  swap(commentId: number, count: number): Promise<number>;
}

/**
 * The one-replica memory: an LRU of answer comment ids, bounded so a busy
 * installation cannot grow it without end. An answer forgotten (evicted, or
 * after a restart) and read again counts its 👎 again: the bound trades that
 * for memory.
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
