import { timeoutReason, type Clock } from "../../src/shared/clock.js";

/** A clock that moves only when a test says so; `sleep` advances it instead of waiting. */
export interface FakeClock extends Clock {
  /** Moves time on, aborting every `timeout` signal it reaches. */
  advance(ms: number): void;
  /** Every sleep requested, in order. */
  readonly sleeps: number[];
}

export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  const timers = createClockTimers();
  const advance = (ms: number) => {
    now += ms;
    timers.reach(now);
  };
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      advance(ms);
    },
    timeout: (ms) => timers.add(now + ms, now),
    advance,
    sleeps,
  };
}

/** The `timeout` signals of a test clock, aborted as time reaches them. */
export function createClockTimers() {
  const pending: Array<{ until: number; controller: AbortController }> = [];
  return {
    add(until: number, now: number): AbortSignal {
      if (until <= now) return AbortSignal.abort(timeoutReason());
      const controller = new AbortController();
      pending.push({ until, controller });
      return controller.signal;
    },
    reach(now: number): void {
      for (const timer of [...pending])
        if (timer.until <= now) {
          pending.splice(pending.indexOf(timer), 1);
          timer.controller.abort(timeoutReason());
        }
    },
  };
}
