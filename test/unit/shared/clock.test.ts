import { systemClock } from "../../../src/shared/clock.js";

describe("systemClock.timeout", () => {
  it("takes a fraction of a millisecond, as half of a deadline's odd time left is", () => {
    const signal = systemClock.timeout(89_955.5);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal.aborted).toBe(false);
  });

  it("takes a time already past as none left", async () => {
    const signal = systemClock.timeout(-5);
    await new Promise((resolve) =>
      signal.addEventListener("abort", resolve, { once: true }),
    );
    expect((signal.reason as DOMException).name).toBe("TimeoutError");
  });
});
