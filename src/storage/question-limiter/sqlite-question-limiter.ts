import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import { admitQuestion } from "./admit-question.js";
import { sqliteCounterTable } from "./sqlite-counter-table.js";
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
  const { table, prune } = sqliteCounterTable(db, "limit_counters");
  return {
    async admit(triggerId, counters) {
      const now = options.clock.now();
      return inTransaction(db, () => {
        prune(now);
        return admitQuestion(table, triggerId, counters, now);
      });
    },
  };
}
