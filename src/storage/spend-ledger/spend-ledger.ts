/**
 * Counts the model tokens askcode spends, per installation and per
 * repository, per day and per month (UTC calendar periods, so "renews at
 * 00:00 UTC" is one time for everyone), against the operator's ceilings and
 * a repository's lower ones. In the embedded store for one process
 * (`sqlite-spend-ledger.ts`), in Redis for every replica
 * (`redis-spend-ledger.ts`), with one rule (`reserveSpendTable`,
 * `settleSpendTable`) or its Lua twin.
 *
 * A run holds its ceiling from the moment it is admitted until it settles,
 * so runs at once cannot together spend more than a period has left (issue
 * 34: four runs at once spent 4.7 days' budget when each only checked).
 */
export interface SpendLedger {
  /**
   * Atomically, in every counter's current period: what is left is its
   * limit less the tokens spent and less what other runs hold. When every
   * counter has at least `wanted.least` left, holds the smaller of
   * `wanted.tokens` and what is left in each for `runId` (replacing a hold
   * an earlier attempt of the same run left), for `wanted.holdMs` at most:
   * a run whose process dies gives its hold back then. Else holds nothing
   * and says which counter is short.
   */
  reserve(
    runId: string,
    counters: readonly SpendCounter[],
    wanted: SpendWanted,
  ): Promise<SpendGrant>;
  /**
   * Replaces a hold by the tokens the run spent, in the period it was
   * granted in (a run that never asked the model settles 0, which gives the
   * hold back). Settle each hold once. Resolves each counter's tokens spent
   * in that period after it (for `/metrics`' remaining budget).
   */
  settle(hold: SpendHold, tokens: number): Promise<number[]>;
}

export interface SpendCounter {
  scope: "installation" | "repository";
  /** The installation's id, or `owner/repo` lower-cased. */
  name: string;
  period: "day" | "month";
  /** Tokens allowed in one period. */
  limit: number;
}

export interface SpendWanted {
  /** The run's own budget: the most it would hold. */
  tokens: number;
  /** The fewest tokens a run with the model needs; below this it is not granted. */
  least: number;
  /** How long the hold lasts unless settled (ms): beyond the run's wall time. */
  holdMs: number;
}

/** What a granted run settles: whose hold, on which counters, in the periods of `at`. */
export interface SpendHold {
  runId: string;
  counters: readonly SpendCounter[];
  /** When it was granted (clock time): the periods it counts in. */
  at: number;
}

export type SpendGrant =
  | {
      granted: true;
      /** The run's ceiling: its own budget, or less when a period has less left. */
      tokens: number;
      hold: SpendHold;
    }
  | SpendShortfall;

export interface SpendShortfall {
  granted: false;
  /** The first counter with less than `least` left. */
  counter: SpendCounter;
  /**
   * `spent`: the period's spent tokens leave less than `least`, so nothing
   * but its end makes room; `held`: runs under way hold what is left, and
   * what they do not spend comes back when they settle.
   */
  why: "spent" | "held";
  /** Tokens spent in the period. */
  used: number;
  /** Tokens other runs hold in it. */
  held: number;
  /** When the period ends and the budget renews (ms, clock time). */
  renewsAt: number;
  /**
   * True the first time the counter is found spent in its period (the
   * answer says so once), and every time it is held (that passes).
   */
  notify: boolean;
}

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
