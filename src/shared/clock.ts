/** Time as a dependency (see docs/conventions.md, "Time is a dependency"): TTLs and waits read this, so tests can move it. */
export interface Clock {
  /** Milliseconds, monotonic enough for TTLs. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /**
   * A signal that aborts once `ms` have passed on this clock, for bounding a
   * request (its reason is a `TimeoutError`, as `AbortSignal.timeout` gives).
   * It never keeps the process alive.
   */
  timeout(ms: number): AbortSignal;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  // AbortSignal.timeout throws on a fraction (half a deadline's odd ms left).
  timeout: (ms) => AbortSignal.timeout(Math.max(0, Math.ceil(ms))),
};

/**
 * The reason a clock's `timeout` signal aborts with, as `AbortSignal.timeout`
 * gives it: a `DOMException` named "TimeoutError". For clocks other than the
 * system's.
 */
export function timeoutReason(): DOMException {
  return new DOMException("The operation timed out.", "TimeoutError");
}
