import type { DatabaseSync } from "node:sqlite";
import type { CounterTable } from "./admit-question.js";

/**
 * A `CounterTable` in the embedded store: the table `name` (in
 * `sqlite-schema.ts`) of keys, values and when each expires, and `prune`, which drops
 * what expired by `now`. The caller makes its reads and writes one
 * transaction (`inTransaction`), as the Redis scripts are atomic.
 *
 * @example
 * const { table, prune } = sqliteCounterTable(db, "limit_counters");
 */
export function sqliteCounterTable(
  db: DatabaseSync,
  name: "limit_counters" | "spend_counters",
): { table: CounterTable; prune(now: number): void } {
  const prune = db.prepare(`DELETE FROM ${name} WHERE expires_at <= ?`);
  const read = db.prepare(`SELECT value FROM ${name} WHERE key = ?`);
  const write = db.prepare(
    `INSERT OR REPLACE INTO ${name} (key, value, expires_at) VALUES (?, ?, ?)`,
  );
  return {
    table: {
      get: (key) => (read.get(key) as { value: number } | undefined)?.value,
      set: (key, value, expiresAt) => void write.run(key, value, expiresAt),
    },
    prune: (now) => void prune.run(now),
  };
}
