import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import { sqliteCounterTable } from "../question-limiter/sqlite-counter-table.js";
import { sqliteSpendHolds } from "./sqlite-spend-holds.js";
import type { SpendLedger } from "./spend-ledger.js";
import { reserveSpendTable, settleSpendTable } from "./spend-table.js";

/**
 * The spend ledger of one process without Redis: each period's tokens in
 * the embedded store (`spend_counters`), so a restart does not hand every
 * repository a fresh month, and what runs under way hold (`spend_holds`),
 * so a restart mid-run keeps a hold until it expires. Reserved and settled
 * in transactions, as the Redis ledger's scripts are; entries of past
 * periods and expired holds are dropped as runs come.
 *
 * @example
 * const ledger = createSqliteSpendLedger({ db, clock: systemClock });
 * await ledger.reserve("comment:1", counters, { tokens: 300_000, least: 16_600, holdMs: 240_000 });
 */
export function createSqliteSpendLedger(options: {
  db: DatabaseSync;
  clock: Pick<Clock, "now">;
}): SpendLedger {
  const { db } = options;
  const counts = sqliteCounterTable(db, "spend_counters");
  const holds = sqliteSpendHolds(db);
  const tables = { counts: counts.table, holds: holds.holds };
  const inPeriod = <T>(work: (now: number) => T): T => {
    const now = options.clock.now();
    return inTransaction(db, () => {
      counts.prune(now);
      holds.prune(now);
      return work(now);
    });
  };
  return {
    async reserve(runId, counters, wanted) {
      return inPeriod((now) =>
        reserveSpendTable(tables, runId, counters, wanted, now),
      );
    },
    async settle(hold, tokens) {
      return inPeriod(() => settleSpendTable(tables, hold, tokens));
    },
  };
}
