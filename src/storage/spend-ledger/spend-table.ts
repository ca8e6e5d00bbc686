import type { CounterTable } from "../question-limiter/admit-question.js";
import {
  spendKey,
  spendPeriod,
  type SpendCounter,
  type SpendGrant,
  type SpendHold,
  type SpendWanted,
} from "./spend-ledger.js";

/** The tokens runs under way hold, per counter and period key. */
export interface HoldTable {
  /** Tokens the live holds on `key` have, `runId`'s own left out (a retry replaces it). */
  heldBesides(key: string, runId: string): number;
  /** Sets `runId`'s hold on `key`, to be forgotten at `expiresAt` (clock time). */
  set(key: string, runId: string, tokens: number, expiresAt: number): void;
  drop(key: string, runId: string): void;
}

/** The spend ledgers' tables: what each period spent (and whether that was announced), and what runs hold. */
export interface SpendTables {
  counts: CounterTable;
  holds: HoldTable;
}

/**
 * The spend ledgers' reservation, over tables the caller makes atomic (the
 * embedded store): the first counter with less than `wanted.least` left
 * refuses the run (a spent one notifying once per counter and period);
 * else the run holds the least of `wanted.tokens` and what each counter has
 * left, in every counter. The Redis ledger runs the same rule in Lua.
 */
export function reserveSpendTable(
  { counts, holds }: SpendTables,
  runId: string,
  counters: readonly SpendCounter[],
  wanted: SpendWanted,
  now: number,
): SpendGrant {
  let tokens = wanted.tokens;
  for (const counter of counters) {
    const key = spendKey(counter, now);
    const used = counts.get(key) ?? 0;
    const held = holds.heldBesides(key, runId);
    const left = counter.limit - used - held;
    if (left >= wanted.least) {
      tokens = Math.min(tokens, left);
      continue;
    }
    const renewsAt = spendPeriod(counter.period, now).endsAt;
    // Held budgets come back as runs settle: say so each time, and keep the
    // one "spent" notice of the period for when it is.
    if (used + wanted.least <= counter.limit)
      return {
        granted: false,
        counter,
        why: "held",
        used,
        held,
        renewsAt,
        notify: true,
      };
    const notified = `${key}:notified`;
    const notify = counts.get(notified) === undefined;
    if (notify) counts.set(notified, 1, renewsAt);
    return {
      granted: false,
      counter,
      why: "spent",
      used,
      held,
      renewsAt,
      notify,
    };
  }
  for (const counter of counters)
    holds.set(spendKey(counter, now), runId, tokens, now + wanted.holdMs);
  return { granted: true, tokens, hold: { runId, counters, at: now } };
}

/** Replaces a run's hold by the tokens it spent, in the periods it was granted in; each counter's spent tokens after. */
export function settleSpendTable(
  { counts, holds }: SpendTables,
  hold: SpendHold,
  tokens: number,
): number[] {
  return hold.counters.map((counter) => {
    const key = spendKey(counter, hold.at);
    holds.drop(key, hold.runId);
    const total = (counts.get(key) ?? 0) + tokens;
    counts.set(key, total, spendPeriod(counter.period, hold.at).endsAt);
    return total;
  });
}
