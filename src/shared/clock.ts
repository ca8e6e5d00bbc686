/** Time as a dependency (see docs/conventions.md, "Time is a dependency"): TTLs and waits read this, so tests can move it. */
export interface Clock {
  /** Milliseconds, monotonic enough for TTLs. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
