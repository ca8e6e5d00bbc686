import type { Clock } from "../../src/shared/clock.js";

/** A clock that moves only when a test says so; `sleep` advances it instead of waiting. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  /** Every sleep requested, in order. */
  readonly sleeps: number[];
}

export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    sleeps,
  };
}
