import type { Clock } from "./clock.js";

/**
 * When a run's time budget ends (the repository's `wall_time_seconds`), on
 * the run's clock. Every request of the run carries `signal`, so no single
 * call can outlast the budget; waits and retries ask `remainingMs` first, so
 * none starts that would end past it.
 */
export interface Deadline {
  /** Clock time (ms) at which the budget ends. */
  readonly at: number;
  /** Aborts when the budget ends, with a `TimeoutError` as its reason. */
  readonly signal: AbortSignal;
  /** Milliseconds left; 0 once the budget is spent. */
  remainingMs(): number;
}

/**
 * A deadline `budgetMs` from now on `clock`.
 *
 * @example
 * const deadline = createDeadline(systemClock, 180_000);
 * await fetch(url, { signal: deadline.signal });
 * deadline.remainingMs() // 179_000, a second later
 */
export function createDeadline(clock: Clock, budgetMs: number): Deadline {
  if (!Number.isFinite(budgetMs) || budgetMs <= 0)
    throw new TypeError(
      `createDeadline: the budget must be a positive number of milliseconds, received ${String(budgetMs)}.`,
    );
  const at = clock.now() + budgetMs;
  const signal = clock.timeout(budgetMs);
  return {
    at,
    signal,
    remainingMs: () => (signal.aborted ? 0 : Math.max(0, at - clock.now())),
  };
}

/**
 * `work`, or its signal's reason as soon as `signal` aborts, whichever comes
 * first: for work that does not watch the signal itself (a library's retry
 * wait). The work is not stopped; its result is ignored.
 *
 * @example
 * await settleBy(octokitRequest, deadline.signal) // rejects with a TimeoutError at the deadline
 */
export function settleBy<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The caller hears the abort; the work's own failure, ignored like its
    // result, must not surface as an unhandled rejection.
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}
