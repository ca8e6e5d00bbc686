/**
 * Counts the model tokens askcode spends, per installation and per
 * repository, per day and per month (UTC calendar periods, so "renews at
 * 00:00 UTC" is one time for everyone), against the operator's ceilings and
 * a repository's lower ones. In the embedded store for one process
 * (`sqlite-spend-ledger.ts`), in Redis for every replica
 * (`redis-spend-ledger.ts`), with one rule (`checkSpendTable`,
 * `recordSpendTable`) or its Lua twin.
 */
export interface SpendLedger {
  /**
   * The first counter whose period's tokens reached its limit, or undefined
   * when every counter has room. `notify` is true the first time that
   * counter is found spent in its period: the answer says so once.
   */
  check(counters: readonly SpendCounter[]): Promise<SpendVerdict>;
  /**
   * Adds `tokens` to every counter's current period, once per `runId`: a
   * retried job or a redelivery adds nothing more. Resolves each counter's
   * tokens in the period after it (for `/metrics`' remaining budget).
   */
  record(
    runId: string,
    counters: readonly SpendCounter[],
    tokens: number,
  ): Promise<number[]>;
}

export interface SpendCounter {
  scope: "installation" | "repository";
  /** The installation's id, or `owner/repo` lower-cased. */
  name: string;
  period: "day" | "month";
  /** Tokens allowed in one period. */
  limit: number;
}

export type SpendVerdict =
  | { spent: false }
  | {
      spent: true;
      counter: SpendCounter;
      /** Tokens counted in the period (at least the limit). */
      used: number;
      /** When the period ends and the budget renews (ms, clock time). */
      renewsAt: number;
      notify: boolean;
    };

/**
 * The UTC day or month of `now`: its name in keys (`2026-11-27`,
 * `2026-11`) and when it ends.
 *
 * @example
 * spendPeriod("month", Date.UTC(2026, 10, 27, 15)) // { name: "2026-11", endsAt: Date.UTC(2026, 11, 1) }
 */
export function spendPeriod(
  period: SpendCounter["period"],
  now: number,
): { name: string; endsAt: number } {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (period === "month")
    return {
      name: d.toISOString().slice(0, 7),
      endsAt: Date.UTC(y, m + 1, 1),
    };
  return {
    name: d.toISOString().slice(0, 10),
    endsAt: Date.UTC(y, m, d.getUTCDate() + 1),
  };
}

/** The key a counter's period is kept under: `askcode:spend:repository:octo/app:day:2026-11-27`. */
export function spendKey(counter: SpendCounter, now: number): string {
  const { name } = spendPeriod(counter.period, now);
  return `askcode:spend:${counter.scope}:${counter.name}:${counter.period}:${name}`;
}

/** The key that says a run's tokens were recorded in a period. */
export function recordedKey(
  runId: string,
  counter: SpendCounter,
  now: number,
): string {
  return `${spendKey(counter, now)}:run:${runId}`;
}
