import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import type { ReactionMemory } from "./reaction-memory.js";

// As the Redis memory keeps a key: a quarter of a year from the last read.
const DEFAULT_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The 👎 memory of one process without Redis, in the embedded store
 * (`answer_reactions`): a restart does not count an answer's 👎 again.
 * Each read renews the entry; entries unread for the TTL are dropped.
 *
 * @example
 * const memory = createSqliteReactionMemory(db, { clock: systemClock });
 * await memory.swap(1_234, 2) // 0
 * await memory.swap(1_234, 3) // 2
 */
export function createSqliteReactionMemory(
  db: DatabaseSync,
  options: { clock: Pick<Clock, "now">; ttlMs?: number },
): ReactionMemory {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const prune = db.prepare(
    "DELETE FROM answer_reactions WHERE expires_at <= ?",
  );
  const read = db.prepare(
    "SELECT thumbs_down FROM answer_reactions WHERE comment_id = ?",
  );
  const write = db.prepare(
    "INSERT OR REPLACE INTO answer_reactions (comment_id, thumbs_down, expires_at) VALUES (?, ?, ?)",
  );
  return {
    async swap(commentId, count) {
      const now = options.clock.now();
      prune.run(now);
      const before =
        (read.get(commentId) as { thumbs_down: number } | undefined)
          ?.thumbs_down ?? 0;
      write.run(commentId, count, now + ttl);
      return before;
    },
  };
}
