import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import { admitQuestion } from "./admit-question.js";
import type { QuestionLimiter } from "./question-limiter.js";

/**
 * The question limiter of one process without Redis: the hour's counters
 * in the embedded store (`limit_counters`), so a restart does not hand
 * everyone a fresh hour. Checked and counted in one transaction, as the
 * Redis limiter's script does; entries of past hours are dropped as
 * questions come.
 *
 * @example
 * const limiter = createSqliteQuestionLimiter({ db, clock: systemClock });
 * await limiter.admit("comment:1", [{ scope: "user", name: "octocat", limit: 20 }]);
 */
export function createSqliteQuestionLimiter(options: {
  db: DatabaseSync;
  clock: Pick<Clock, "now">;
}): QuestionLimiter {
  const { db } = options;
  db.exec(`CREATE TABLE IF NOT EXISTS limit_counters (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID`);
  const prune = db.prepare("DELETE FROM limit_counters WHERE expires_at <= ?");
  const read = db.prepare("SELECT value FROM limit_counters WHERE key = ?");
  const write = db.prepare(
    "INSERT OR REPLACE INTO limit_counters (key, value, expires_at) VALUES (?, ?, ?)",
  );
  return {
    async admit(triggerId, counters) {
      const now = options.clock.now();
      return inTransaction(db, () => {
        prune.run(now);
        return admitQuestion(
          {
            get: (key) =>
              (read.get(key) as { value: number } | undefined)?.value,
            set: (key, value, expiresAt) => write.run(key, value, expiresAt),
          },
          triggerId,
          counters,
          now,
        );
      });
    },
  };
}
