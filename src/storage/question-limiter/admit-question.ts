import {
  counterKey,
  countedKey,
  hourWindow,
  type LimitCounter,
  type LimitVerdict,
} from "./question-limiter.js";

/** Counters in a table the caller makes atomic: the embedded store's `limit_counters` and `spend_counters`. */
export interface CounterTable {
  get(key: string): number | undefined;
  /** Sets `key`, to be forgotten at `expiresAt` (clock time). */
  set(key: string, value: number, expiresAt: number): void;
}

/**
 * The limiters' one rule, over a table the caller makes atomic: a question
 * counted this hour passes again; else the first full counter refuses it
 * (notifying once per counter and hour); else it is counted in every
 * counter. The Redis limiter runs the same rule as a Lua script.
 */
export function admitQuestion(
  table: CounterTable,
  triggerId: string,
  counters: readonly LimitCounter[],
  now: number,
): LimitVerdict {
  const hour = hourWindow(now);
  const set = (key: string, value: number) =>
    table.set(key, value, hour.endsAt);
  const counted = countedKey(triggerId, hour.name);
  if (table.get(counted) !== undefined) return { allowed: true };
  for (const counter of counters) {
    const key = counterKey(counter, hour.name);
    if ((table.get(key) ?? 0) < counter.limit) continue;
    const notified = `${key}:notified`;
    const notify = table.get(notified) === undefined;
    set(notified, 1);
    return { allowed: false, counter, resetsAt: hour.endsAt, notify };
  }
  for (const counter of counters) {
    const key = counterKey(counter, hour.name);
    set(key, (table.get(key) ?? 0) + 1);
  }
  set(counted, 1);
  return { allowed: true };
}
