import type { CounterTable } from "./admit-question.js";
import {
  recordedKey,
  spendKey,
  spendPeriod,
  type SpendCounter,
  type SpendVerdict,
} from "./spend-ledger.js";

/**
 * The spend ledgers' check, over a table the caller makes atomic (memory,
 * the embedded store): the first counter at or over its limit, notifying
 * once per counter and period. The Redis ledger runs the same rule in Lua.
 */
export function checkSpendTable(
  table: CounterTable,
  counters: readonly SpendCounter[],
  now: number,
): SpendVerdict {
  for (const counter of counters) {
    const key = spendKey(counter, now);
    const used = table.get(key) ?? 0;
    if (used < counter.limit) continue;
    const { endsAt } = spendPeriod(counter.period, now);
    const notified = `${key}:notified`;
    const notify = table.get(notified) === undefined;
    if (notify) table.set(notified, 1, endsAt);
    return { spent: true, counter, used, renewsAt: endsAt, notify };
  }
  return { spent: false };
}

/** Adds a run's tokens to each counter's period, once per run and counter; each counter's total after. */
export function recordSpendTable(
  table: CounterTable,
  runId: string,
  counters: readonly SpendCounter[],
  tokens: number,
  now: number,
): number[] {
  return counters.map((counter) => {
    const key = spendKey(counter, now);
    const before = table.get(key) ?? 0;
    const done = recordedKey(runId, counter, now);
    if (table.get(done) !== undefined) return before;
    const { endsAt } = spendPeriod(counter.period, now);
    table.set(key, before + tokens, endsAt);
    table.set(done, 1, endsAt);
    return before + tokens;
  });
}
