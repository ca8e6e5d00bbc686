import { jobRetryDelayMs } from "../../../src/shared/retry-schedule.js";

describe("jobRetryDelayMs", () => {
  it("waits the backoff after the first failed attempt, doubling after each", () => {
    expect([1, 2, 3, 4].map((n) => jobRetryDelayMs(10_000, n))).toStrictEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
  });

  it("refuses an attempt count that is not one or more", () => {
    expect(() => jobRetryDelayMs(10_000, 0)).toThrow(
      "jobRetryDelayMs: attemptsMade must be a whole number of at least 1, received 0.",
    );
  });
});
