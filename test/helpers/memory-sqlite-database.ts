import { DatabaseSync } from "node:sqlite";
import { applySqliteSchema } from "../../src/storage/sqlite/sqlite-schema.js";

/**
 * An embedded store in memory with askcode's schema, as `openSqliteDatabase`
 * leaves a file: for tests of one SQLite store, which no longer creates its
 * own tables.
 *
 * @example
 * const limiter = createSqliteQuestionLimiter({ db: memorySqliteDatabase(), clock });
 */
export function memorySqliteDatabase(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  applySqliteSchema(db, ":memory:");
  return db;
}
