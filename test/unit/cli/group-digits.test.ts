import { groupDigits } from "../../../src/cli/group-digits.js";

describe("groupDigits", () => {
  it("writes a whole number as toLocaleString('en') does", () => {
    for (const n of [
      0,
      7,
      999,
      1000,
      12_000,
      123_456,
      1_234_567,
      -1,
      -1234,
      -1_234_567,
      Number.MAX_SAFE_INTEGER,
    ])
      expect(groupDigits(n)).toBe(n.toLocaleString("en"));
  });

  it("leaves any other number to toLocaleString", () => {
    for (const n of [1234.5678, 1e21, Number.NaN, Infinity])
      expect(groupDigits(n)).toBe(n.toLocaleString("en"));
  });
});
