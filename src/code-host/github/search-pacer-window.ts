/**
 * The code-search budget's policy, shared by the in-memory pacer
 * (`search-pacer.ts`) and the Redis one (`search-pacer-redis.ts`): at most
 * `requestsPerMinute` searches per installation in any sliding 60 s, and
 * nothing while GitHub says none is left. A `SearchWindow` keeps that count
 * (in memory, or in Redis for every replica); `createQueuedPacer` puts each
 * process's callers in line in front of it.
 */
export interface SearchWindow {
  /**
   * Takes a slot for `key` at `now` when one is free and resolves
   * `{ taken }` (`release` gives it back, for a caller who left meanwhile);
   * else how many ms until one may be: `{ waitMs }`.
   */
  take(
    key: string,
    now: number,
  ): Promise<
    { taken: true; release(): void } | { taken: false; waitMs: number }
  >;
  /** Records what GitHub reported for `key` (see `readRateLimitReport`). */
  observe(key: string, report: RateLimitReport, now: number): void;
}

/** What one code-search response's `x-ratelimit-*` headers say. */
export interface RateLimitReport {
  /** `x-ratelimit-limit`, as a whole number of searches, when sent. */
  limit?: number;
  /**
   * At most `remaining` more searches until `resetAt` (ms on our clock);
   * `reset` is the header as sent (epoch seconds), which names GitHub's window.
   */
  window?: { remaining: number; reset: number; resetAt: number };
}

export const WINDOW_MS = 60_000;
// As plugin-throttling does: start one second after the reset, not on it.
const AFTER_RESET_MS = 1000;

/** The searches a minute askcode allows itself: one below GitHub's 10, leaving room for a request it did not see. */
export const DEFAULT_SEARCHES_PER_MINUTE = 9;

/**
 * Checks a pacer's `requestsPerMinute` (default 9).
 *
 * @example
 * searchesPerMinute(undefined) // 9
 */
export function searchesPerMinute(value: number | undefined): number {
  const perMinute = value ?? DEFAULT_SEARCHES_PER_MINUTE;
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new TypeError(
      `requestsPerMinute must be a whole number of 1 or more; received ${perMinute}`,
    );
  return perMinute;
}

/**
 * Reads GitHub's `x-ratelimit-*` headers off a response, for the
 * `code_search` resource only (another resource's headers say nothing about
 * this budget). A reset already past says nothing either; one more than a
 * window away can only be clock skew, and a minute bounds the damage.
 *
 * @example
 * readRateLimitReport({ "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000020",
 *   "x-ratelimit-resource": "code_search" }, 1_700_000_000_000)
 * // { window: { remaining: 0, reset: 1700000020, resetAt: 1_700_000_021_000 } }
 */
export function readRateLimitReport(
  headers: Readonly<Record<string, string | number | undefined>>,
  now: number,
): RateLimitReport {
  const resource = headers["x-ratelimit-resource"];
  if (resource !== undefined && String(resource) !== "code_search") return {};
  const report: RateLimitReport = {};
  const limit = numberHeader(headers, "x-ratelimit-limit");
  if (limit !== undefined && limit >= 1) report.limit = Math.floor(limit);
  const remaining = numberHeader(headers, "x-ratelimit-remaining");
  const reset = numberHeader(headers, "x-ratelimit-reset");
  if (remaining === undefined || reset === undefined) return report;
  const resetAt = Math.min(reset * 1000 + AFTER_RESET_MS, now + WINDOW_MS);
  if (resetAt > now) report.window = { remaining, reset, resetAt };
  return report;
}

function numberHeader(
  headers: Readonly<Record<string, string | number | undefined>>,
  name: string,
): number | undefined {
  const value = headers[name];
  if (value === undefined || String(value).trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}
