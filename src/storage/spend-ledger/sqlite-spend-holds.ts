import type { DatabaseSync } from "node:sqlite";
import type { HoldTable } from "./spend-table.js";

/**
 * A `HoldTable` in the embedded store: `spend_holds` (in
 * `sqlite-schema.ts`), one row per run and counter period, and `prune`, which drops
 * the holds that expired by `now` (their runs' processes died unsettled).
 * The caller makes its reads and writes one transaction (`inTransaction`).
 *
 * @example
 * const { holds, prune } = sqliteSpendHolds(db);
 */
export function sqliteSpendHolds(db: DatabaseSync): {
  holds: HoldTable;
  prune(now: number): void;
} {
  const prune = db.prepare(`DELETE FROM spend_holds WHERE expires_at <= ?`);
  const sum = db.prepare(
    `SELECT COALESCE(SUM(tokens), 0) AS held FROM spend_holds WHERE key = ? AND run_id <> ?`,
  );
  const write = db.prepare(
    `INSERT OR REPLACE INTO spend_holds (key, run_id, tokens, expires_at) VALUES (?, ?, ?, ?)`,
  );
  const drop = db.prepare(
    `DELETE FROM spend_holds WHERE key = ? AND run_id = ?`,
  );
  return {
    holds: {
      heldBesides: (key, runId) =>
        (sum.get(key, runId) as { held: number }).held,
      set: (key, runId, tokens, expiresAt) =>
        void write.run(key, runId, tokens, expiresAt),
      drop: (key, runId) => void drop.run(key, runId),
    },
    prune: (now) => void prune.run(now),
  };
}
