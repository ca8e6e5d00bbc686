import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createSqliteAnswerRecords } from "../../../../src/storage/answer-records/sqlite-answer-records.js";
import { createSqliteJobJournal } from "../../../../src/storage/job-journal/sqlite-job-journal.js";
import { createSqliteQuestionLimiter } from "../../../../src/storage/question-limiter/sqlite-question-limiter.js";
import { createSqliteCommitHistory } from "../../../../src/storage/commit-history/sqlite-commit-history.js";
import { createSqliteReactionMemory } from "../../../../src/storage/reaction-memory/sqlite-reaction-memory.js";
import { createSqliteSpendLedger } from "../../../../src/storage/spend-ledger/sqlite-spend-ledger.js";
import {
  DATABASE_FILE,
  openSqliteDatabase,
} from "../../../../src/storage/sqlite/open-sqlite-database.js";
import { SQLITE_SCHEMA_VERSION } from "../../../../src/storage/sqlite/sqlite-schema.js";
import { answerRecord } from "../../../helpers/answer-record.js";
import { createManualClock } from "../../../helpers/manual-clock.js";
import { tempDirForThisFile } from "../../../helpers/temp-dirs-of-this-file.js";
import { triggerJob } from "../../../helpers/trigger-job.js";

const NOW = Date.parse("2026-11-28T12:30:00Z");
const LATER = Date.parse("2026-12-31T00:00:00Z");
const JOB = triggerJob();
const RECORD = answerRecord(NOW - 60_000);
const TRACKED = {
  sha: "8f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b",
  cited: RECORD.read.cited,
};

// The embedded store as askcode shipped it at 91151cb, before its schema had
// a version: the pragmas of openSqliteDatabase, then each store's own
// CREATE statements, copied verbatim, in the order openStores ran them (the
// limiter, the spend ledger, the answers, the 👎 memory, then the queue's
// dedup claims and journal). user_version stays 0.
const VERSION_0 = [
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
  // sqlite-counter-table.ts, for the question limiter and the spend ledger
  `CREATE TABLE IF NOT EXISTS limit_counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS spend_counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID`,
  // sqlite-spend-holds.ts
  `CREATE TABLE IF NOT EXISTS spend_holds (
    key TEXT NOT NULL,
    run_id TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (key, run_id)
  ) WITHOUT ROWID`,
  // sqlite-answer-records.ts
  `CREATE TABLE IF NOT EXISTS answer_records (
    id TEXT PRIMARY KEY,
    repository TEXT NOT NULL,
    answered_at INTEGER NOT NULL,
    record TEXT NOT NULL,
    tracked_sha TEXT NOT NULL,
    tracked TEXT NOT NULL,
    noted INTEGER NOT NULL DEFAULT 0,
    note_claimed_until INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID`,
  "CREATE INDEX IF NOT EXISTS answer_records_by_repository ON answer_records (repository, answered_at)",
  // sqlite-reaction-memory.ts
  `CREATE TABLE IF NOT EXISTS answer_reactions (
    comment_id INTEGER PRIMARY KEY,
    thumbs_down INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  )`,
  // sqlite-dedup-store.ts
  `CREATE TABLE IF NOT EXISTS dedup_claims (
    key TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS dedup_claims_expiry ON dedup_claims (expires_at)`,
  // sqlite-job-journal.ts
  `CREATE TABLE IF NOT EXISTS jobs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    trigger_id TEXT NOT NULL UNIQUE,
    trigger TEXT NOT NULL,
    comment_id INTEGER,
    attempts_made INTEGER NOT NULL DEFAULT 0,
    run_after INTEGER NOT NULL DEFAULT 0
  )`,
];

/** A row in every table of version 0, as its store wrote them. */
function fillVersion0(db: DatabaseSync): void {
  const hour = "2026-11-28T12";
  const hourEnds = Date.parse("2026-11-28T13:00:00Z");
  const day = "askcode:spend:repository:octo-org/hello-world:day:2026-11-28";
  const dayEnds = Date.parse("2026-11-29T00:00:00Z");
  const run = (sql: string, ...values: Array<string | number>) =>
    db.prepare(sql).run(...values);
  run(
    "INSERT INTO limit_counters VALUES (?, ?, ?), (?, ?, ?)",
    `askcode:limit:user:octocat:${hour}`,
    2,
    hourEnds,
    `askcode:limit:counted:comment:1:${hour}`,
    1,
    hourEnds,
  );
  run("INSERT INTO spend_counters VALUES (?, ?, ?)", day, 900, dayEnds);
  run(
    "INSERT INTO spend_holds VALUES (?, ?, ?, ?)",
    day,
    "comment:7",
    50,
    LATER,
  );
  run(
    "INSERT INTO answer_records VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    RECORD.id,
    RECORD.repository,
    RECORD.answeredAt,
    JSON.stringify(RECORD),
    TRACKED.sha,
    JSON.stringify(TRACKED),
    1,
    0,
  );
  run("INSERT INTO answer_reactions VALUES (?, ?, ?)", 1234, 3, LATER);
  run(
    "INSERT INTO dedup_claims VALUES (?, ?), (?, ?)",
    `askcode:dedup:delivery:${JOB.deliveryId}`,
    LATER,
    `askcode:dedup:trigger:${JOB.triggerId}`,
    LATER,
  );
  run(
    "INSERT INTO jobs (trigger_id, trigger, comment_id, attempts_made) VALUES (?, ?, ?, ?)",
    JOB.triggerId,
    JSON.stringify(JOB),
    55,
    1,
  );
}

/** A file `askcode.db` in a new directory, made by `make`, closed. */
function databaseFile(make: (db: DatabaseSync) => void): {
  dir: string;
  file: string;
} {
  const dir = tempDirForThisFile("askcode-schema-");
  const file = join(dir, DATABASE_FILE);
  const db = new DatabaseSync(file);
  make(db);
  db.close();
  return { dir, file };
}

const userVersion = (db: DatabaseSync) =>
  db.prepare("PRAGMA user_version").get();

describe("the embedded store's schema", () => {
  it("opens a database of version 0 (91151cb's tables, no version) keeping every row, and records the version", async () => {
    const { dir } = databaseFile((db) => {
      for (const statement of VERSION_0) db.exec(statement);
      fillVersion0(db);
    });
    const clock = createManualClock(NOW);

    const db = await openSqliteDatabase(dir);
    try {
      // Version 0 is the file with no version: any schema this code applies is later.
      expect(SQLITE_SCHEMA_VERSION).toBeGreaterThan(0);
      expect(userVersion(db)).toEqual({ user_version: SQLITE_SCHEMA_VERSION });

      const journal = createSqliteJobJournal(db, { clock });
      expect(await journal.unfinished()).toEqual([
        { job: JOB, commentId: 55, attemptsMade: 1, runAfter: 0 },
      ]);
      expect(await journal.accept({ ...JOB, deliveryId: "d-2" })).toBe(
        "duplicate",
      );

      const limiter = createSqliteQuestionLimiter({ db, clock });
      const octocat = { scope: "user" as const, name: "octocat", limit: 2 };
      expect(await limiter.admit("comment:1", [octocat])).toEqual({
        allowed: true,
      });
      expect(await limiter.admit("comment:2", [octocat])).toEqual({
        allowed: false,
        counter: octocat,
        resetsAt: Date.parse("2026-11-28T13:00:00Z"),
        notify: true,
      });

      const ledger = createSqliteSpendLedger({ db, clock });
      const repository = {
        scope: "repository" as const,
        name: "octo-org/hello-world",
        period: "day" as const,
        limit: 1000,
      };
      expect(
        await ledger.reserve("comment:8", [repository], {
          tokens: 300,
          least: 100,
          holdMs: 60_000,
        }),
      ).toEqual({
        granted: false,
        counter: repository,
        why: "held",
        used: 900,
        held: 50,
        renewsAt: Date.parse("2026-11-29T00:00:00Z"),
        notify: true,
      });

      const records = createSqliteAnswerRecords(db, { clock });
      expect(await records.recent(RECORD.repository, 0)).toEqual([
        { ...RECORD, tracked: TRACKED, noted: true },
      ]);

      const reactions = createSqliteReactionMemory(db, { clock });
      expect(await reactions.swap(1234, 5)).toBe(3);
    } finally {
      db.close();
    }
  });

  it("opens a database of version 1 (before the commit history) keeping its rows, and adds the commit history's tables", async () => {
    const { dir } = databaseFile((db) => {
      for (const statement of VERSION_0) db.exec(statement);
      fillVersion0(db);
      db.exec("PRAGMA user_version = 1");
    });
    const clock = createManualClock(NOW);

    const db = await openSqliteDatabase(dir);
    try {
      expect(userVersion(db)).toEqual({ user_version: SQLITE_SCHEMA_VERSION });
      const reactions = createSqliteReactionMemory(db, { clock });
      expect(await reactions.swap(1234, 5)).toBe(3);
      const history = createSqliteCommitHistory(db, { clock });
      await history.add(186853002, [
        { sha: TRACKED.sha, previous: null, files: ["CHANGES.rst"] },
      ]);
      expect([...(await history.read(186853002)).values()]).toEqual([
        { sha: TRACKED.sha, previous: null, files: ["CHANGES.rst"] },
      ]);
    } finally {
      db.close();
    }
  });

  it("refuses a database a newer askcode wrote, naming the file, both versions and what to do, and leaves it as it was", async () => {
    const newer = SQLITE_SCHEMA_VERSION + 1;
    const { dir, file } = databaseFile((db) => {
      db.exec(`PRAGMA user_version = ${newer}`);
      db.exec("CREATE TABLE from_the_future (id INTEGER PRIMARY KEY)");
    });

    await expect(openSqliteDatabase(dir)).rejects.toMatchObject({
      name: "ConfigError",
      message:
        `askcode cannot use its embedded store ${file}: its schema is at version ${newer}, newer than the version ${SQLITE_SCHEMA_VERSION} this askcode knows, so a newer askcode wrote it. ` +
        `Run that newer askcode (or a later one) on this ASKCODE_DATA_DIR, or move ${file} (with its -wal and -shm files) aside to start with an empty store.`,
    });

    // Closed again (its lock released) and untouched: no table of today's added.
    const db = new DatabaseSync(file);
    try {
      expect(userVersion(db)).toEqual({ user_version: newer });
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all(),
      ).toEqual([{ name: "from_the_future" }]);
    } finally {
      db.close();
    }
  });
});
