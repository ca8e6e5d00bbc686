import type { Clock } from "../../src/shared/clock.js";
import { createClockTimers } from "./fake-clock.js";

/**
 * A clock whose sleeps end only when a test moves time past them, for code
 * that races work against a deadline (FakeClock's sleeps end at once).
 */
export interface ManualClock extends Clock {
  /** Moves time on, ending every sleep and aborting every `timeout` signal it reaches. */
  advance(ms: number): void;
  /** Sleeps not yet ended. */
  readonly sleeping: number;
}

export function createManualClock(start = 1_700_000_000_000): ManualClock {
  let now = start;
  const sleepers: Array<{ until: number; wake(): void }> = [];
  const timers = createClockTimers();
  return {
    now: () => now,
    timeout: (ms) => timers.add(now + ms, now),
    sleep: (ms) =>
      new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
    advance(ms) {
      now += ms;
      for (const sleeper of [...sleepers])
        if (sleeper.until <= now) {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          sleeper.wake();
        }
      timers.reach(now);
    },
    get sleeping() {
      return sleepers.length;
    },
  };
}

/** A promise a test settles by hand. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
