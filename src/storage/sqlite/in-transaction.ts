import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` in one transaction (`BEGIN IMMEDIATE`): all of it lands or
 * none. `node:sqlite` is synchronous, so nothing else runs in between.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
