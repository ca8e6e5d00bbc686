import { timeoutReason, type Clock } from "../../src/shared/clock.js";

/** A clock that runs with real time but skips every wait: `sleep` moves it on at once. */
export interface VirtualClock extends Clock {
  /** Milliseconds of waiting skipped so far (what `sleep` would have cost on the system clock). */
  readonly skippedMs: number;
}

/**
 * The clock the harness's github mode gives both askcode's code-search
 * pacer and the stand-in's 10-a-minute limit: time passes as it really does
 * (`realNow`), and a `sleep` ends at once by moving this clock to its end,
 * so the limit is really enforced and really waited on, in virtual time,
 * without an hour of waiting. Sleeps that overlap move the clock only to the
 * latest end, never by their sum: the earliest pending sleep ends first, once
 * the event loop has run what was ready. A `timeout` signal aborts when either
 * clock reaches it.
 *
 * @example
 * const clock = createVirtualClock();
 * await clock.sleep(60_000); // returns at once
 * clock.skippedMs            // 60000
 */
export function createVirtualClock(
  realNow: () => number = () => Date.now(),
): VirtualClock {
  let skipped = 0;
  const sleepers: Array<{ until: number; wake(): void }> = [];
  let draining = false;
  const now = () => realNow() + skipped;
  const pending: Array<{ until: number; controller: AbortController }> = [];
  const reach = () => {
    const at = now();
    for (const timer of [...pending])
      if (timer.until <= at) {
        pending.splice(pending.indexOf(timer), 1);
        timer.controller.abort(timeoutReason());
      }
  };
  // Once the event loop has run what is ready, the earliest sleep ends: the
  // clock moves to its end, and what it wakes runs before the next one ends.
  const drain = () => {
    draining = false;
    if (sleepers.length === 0) return;
    const next = Math.min(...sleepers.map((s) => s.until));
    skipped += Math.max(0, next - now());
    reach();
    for (const sleeper of [...sleepers])
      if (sleeper.until <= now()) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
    schedule();
  };
  const schedule = () => {
    if (draining || sleepers.length === 0) return;
    draining = true;
    setImmediate(drain);
  };
  return {
    now,
    sleep: (ms) =>
      new Promise<void>((wake) => {
        sleepers.push({ until: now() + Math.max(0, ms), wake });
        schedule();
      }),
    timeout: (ms) => {
      const until = now() + ms;
      if (ms <= 0) return AbortSignal.abort(timeoutReason());
      const controller = new AbortController();
      pending.push({ until, controller });
      // Real time reaches it too; the timer never keeps the process alive.
      setTimeout(reach, Math.ceil(ms)).unref();
      return controller.signal;
    },
    get skippedMs() {
      return skipped;
    },
  };
}
