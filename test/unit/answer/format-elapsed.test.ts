import { formatElapsed } from "../../../src/answer/format-elapsed.js";

describe("formatElapsed", () => {
  it.each([
    [0, "0.0s"],
    [-5, "0.0s"],
    [49, "0.0s"],
    [4_230, "4.2s"],
    [59_940, "59.9s"],
    [59_960, "1m 0s"],
    [83_600, "1m 24s"],
    [3_725_000, "62m 5s"],
  ])("%d ms reads %s", (ms, shown) => {
    expect(formatElapsed(ms)).toBe(shown);
  });
});
