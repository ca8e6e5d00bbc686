import type { DatabaseSync } from "node:sqlite";
import { ConfigError } from "../../shared/errors.js";
import { inTransaction } from "./in-transaction.js";

/**
 * The embedded store's schema, one migration per version: the SQL that
 * takes a database at the version before it to its own (`MIGRATIONS[0]`
 * makes version 1). The version a file is at is SQLite's
 * `PRAGMA user_version`, 0 in a file no migration has touched. A change to
 * a table is a new entry at the end, never an edit to one that shipped: a
 * file already at that version would not run it again.
 */
const MIGRATIONS: readonly string[] = [
  // 1: the tables as askcode kept them before their schema had a version,
  // when each store created its own at start (`IF NOT EXISTS`, and only the
  // stores that opened). A file of then is at version 0 with some or all of
  // them: the same statements leave its tables and rows as they are and
  // add any missing, as they make a new file whole.
  `
  -- The one-process queue's unfinished jobs (sqlite-job-journal.ts).
  CREATE TABLE IF NOT EXISTS jobs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    trigger_id TEXT NOT NULL UNIQUE,
    trigger TEXT NOT NULL,
    comment_id INTEGER,
    attempts_made INTEGER NOT NULL DEFAULT 0,
    run_after INTEGER NOT NULL DEFAULT 0
  );
  -- Deliveries and triggers accepted (sqlite-dedup-store.ts).
  CREATE TABLE IF NOT EXISTS dedup_claims (
    key TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS dedup_claims_expiry ON dedup_claims (expires_at);
  -- Questions per hour (sqlite-question-limiter.ts) and tokens per period
  -- (sqlite-spend-ledger.ts), each a sqliteCounterTable.
  CREATE TABLE IF NOT EXISTS limit_counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS spend_counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  -- What runs under way hold of a budget (sqlite-spend-holds.ts).
  CREATE TABLE IF NOT EXISTS spend_holds (
    key TEXT NOT NULL,
    run_id TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (key, run_id)
  ) WITHOUT ROWID;
  -- What each answer cited (sqlite-answer-records.ts).
  CREATE TABLE IF NOT EXISTS answer_records (
    id TEXT PRIMARY KEY,
    repository TEXT NOT NULL,
    answered_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    tracked_sha TEXT NOT NULL,
    tracked TEXT NOT NULL,
    noted INTEGER NOT NULL DEFAULT 0,
    note_claimed_until INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS answer_records_by_repository ON answer_records (repository, answered_at);
  -- The 👎 each answer had when last read (sqlite-reaction-memory.ts).
  CREATE TABLE IF NOT EXISTS answer_reactions (
    comment_id INTEGER PRIMARY KEY,
    thumbs_down INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  `,
  // 2: the commits of each repository's default branch, for the co-change
  // tier (sqlite-commit-history.ts), and when each repository lapses.
  `
  CREATE TABLE kept_commits (
    repository_id INTEGER NOT NULL,
    sha TEXT NOT NULL,
    seq INTEGER NOT NULL,
    previous TEXT,
    files TEXT NOT NULL,
    PRIMARY KEY (repository_id, sha)
  ) WITHOUT ROWID;
  CREATE INDEX kept_commits_by_seq ON kept_commits (repository_id, seq);
  CREATE TABLE kept_commit_repositories (
    repository_id INTEGER PRIMARY KEY,
    expires_at INTEGER NOT NULL
  );
  `,
];

/** The version this askcode's schema is at: the number of its migrations. */
export const SQLITE_SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Brings the embedded store `db` (the file `file`, named in errors) to
 * `SQLITE_SCHEMA_VERSION`: runs the migrations it has not had, in one
 * transaction with the new `user_version`, so a kill midway leaves it at the
 * version it had. A file at a newer version than this askcode knows is
 * refused (a newer askcode wrote it, and an older one would misread it):
 * the error names the file, both versions and what to do.
 *
 * @example
 * applySqliteSchema(db, "/data/askcode.db"); // user_version is now SQLITE_SCHEMA_VERSION
 */
export function applySqliteSchema(db: DatabaseSync, file: string): void {
  const found = userVersion(db);
  if (found > SQLITE_SCHEMA_VERSION)
    throw new ConfigError(
      `askcode cannot use its embedded store ${file}: its schema is at version ${found}, newer than the version ${SQLITE_SCHEMA_VERSION} this askcode knows, so a newer askcode wrote it. Run that newer askcode (or a later one) on this ASKCODE_DATA_DIR, or move ${file} (with its -wal and -shm files) aside to start with an empty store.`,
    );
  if (found === SQLITE_SCHEMA_VERSION) return;
  inTransaction(db, () => {
    for (const migration of MIGRATIONS.slice(found)) db.exec(migration);
    // A pragma takes no bound parameter; the version is this module's own number.
    db.exec(`PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}`);
  });
}

/** The schema version the file records (0: none recorded). */
function userVersion(db: DatabaseSync): number {
  return (db.prepare("PRAGMA user_version").get() as { user_version: number })
    .user_version;
}
