/**
 * Counts questions per person and per repository in fixed one-hour windows
 * (on the hour, UTC), so "ask again after 15:00 UTC" is one time for
 * everyone. In the embedded store for one process
 * (`sqlite-question-limiter.ts`), in Redis for every replica
 * (`redis-question-limiter.ts`).
 */
export interface QuestionLimiter {
  /**
   * Counts the question `triggerId` once against every counter, but only
   * when each is under its limit; else counts nothing and names the first
   * counter that is full. The same `triggerId` again (a redelivery, a
   * retried job) is let through without counting twice.
   */
  admit(
    triggerId: string,
    counters: readonly LimitCounter[],
  ): Promise<LimitVerdict>;
}

export interface LimitCounter {
  scope: "user" | "repository";
  /** The login, or `owner/repo`, lower-cased: GitHub names are case-insensitive. */
  name: string;
  /** Questions allowed per hour. */
  limit: number;
}

export type LimitVerdict =
  | { allowed: true }
  | {
      allowed: false;
      counter: LimitCounter;
      /** When the window ends (ms, clock time): the next question may come then. */
      resetsAt: number;
      /** The first refusal of this counter in this window: say so once, then stay silent. */
      notify: boolean;
    };

export const HOUR_MS = 3_600_000;

/** Where the hour of `now` starts and ends, and its name in keys: `2026-11-22T14`. */
export function hourWindow(now: number): {
  name: string;
  endsAt: number;
} {
  const start = Math.floor(now / HOUR_MS) * HOUR_MS;
  return {
    name: new Date(start).toISOString().slice(0, 13),
    endsAt: start + HOUR_MS,
  };
}

/**
 * The key a counter of this hour is kept under (in Redis, or in the embedded store's `limit_counters`).
 *
 * @example
 * counterKey({ scope: "user", name: "octocat", limit: 20 }, "2026-11-22T14")
 * // "askcode:limit:user:octocat:2026-11-22T14"
 */
export function counterKey(counter: LimitCounter, hour: string): string {
  return `askcode:limit:${counter.scope}:${counter.name}:${hour}`;
}

/** The key that says a question was counted this hour (`askcode:limit:counted:…`). */
export function countedKey(triggerId: string, hour: string): string {
  return `askcode:limit:counted:${triggerId}:${hour}`;
}
