import { defaultCpuThreads } from "../../../src/config/default-cpu-threads.js";

describe("defaultCpuThreads", () => {
  it("leaves the event loop a core, keeps at least one thread and at most four", () => {
    expect([1, 2, 3, 5, 16].map((cores) => defaultCpuThreads(cores))).toEqual([
      1, 1, 2, 4, 4,
    ]);
  });
});
