/** Time as a dependency (STYLE rule 5): TTLs and waits read this, so tests can move it. */
export interface Clock {
  /** Milliseconds, monotonic enough for TTLs. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
