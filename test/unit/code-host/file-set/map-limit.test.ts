import { mapLimit } from "../../../../src/code-host/file-set/map-limit.js";

describe("mapLimit", () => {
  it("keeps input order and never runs more than `limit` calls at once", async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimit([30, 10, 20, 0, 5], 2, async (ms, index) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return `${index}:${ms}`;
    });
    expect(results).toEqual(["0:30", "1:10", "2:20", "3:0", "4:5"]);
    expect(peak).toBe(2);
  });

  it("rejects a limit that is not a positive integer", async () => {
    await expect(mapLimit([1], 0, async (x) => x)).rejects.toThrow(
      "limit must be a positive integer, got 0",
    );
  });
});
