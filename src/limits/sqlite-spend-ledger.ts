import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import { sqliteCounterTable } from "./sqlite-counter-table.js";
import type { SpendLedger } from "./spend-ledger.js";
import { checkSpendTable, recordSpendTable } from "./spend-table.js";

/**
 * The spend ledger of one process without Redis: each period's tokens in
 * the embedded store (`spend_counters`), so a restart does not hand every
 * repository a fresh month. Checked and recorded in transactions, as the
 * Redis ledger's scripts are; entries of past periods are dropped as runs
 * come.
 *
 * @example
 * const ledger = createSqliteSpendLedger({ db, clock: systemClock });
 * await ledger.check([{ scope: "repository", name: "octo/app", period: "day", limit: 500_000 }]);
 */
export function createSqliteSpendLedger(options: {
  db: DatabaseSync;
  clock: Pick<Clock, "now">;
}): SpendLedger {
  const { db } = options;
  const { table, prune } = sqliteCounterTable(db, "spend_counters");
  const inPeriod = <T>(work: (now: number) => T): T => {
    const now = options.clock.now();
    return inTransaction(db, () => {
      prune(now);
      return work(now);
    });
  };
  return {
    async check(counters) {
      return inPeriod((now) => checkSpendTable(table, counters, now));
    },
    async record(runId, counters, tokens) {
      return inPeriod((now) =>
        recordSpendTable(table, runId, counters, tokens, now),
      );
    },
  };
}
