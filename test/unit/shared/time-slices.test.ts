import {
  createTimeSlices,
  runToEnd,
  type Steps,
} from "../../../src/shared/time-slices.js";

/** Steps that each take `ms` on `clock`, logging as they go. */
function* work(
  name: string,
  count: number,
  clock: { t: number },
  ms: number,
  log: string[],
): Steps<string> {
  for (let i = 0; i < count; i++) {
    clock.t += ms;
    log.push(`${name}${i}`);
    yield;
  }
  return `${name} done`;
}

describe("createTimeSlices", () => {
  it("gives the event loop a turn once a slice is spent, and returns what the steps return", async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const slices = createTimeSlices({ sliceMs: 10, now: () => clock.t });
    setImmediate(() => log.push("immediate"));
    const result = await slices.run(work("a", 6, clock, 4, log));
    expect(result).toBe("a done");
    // A first pause (the slice before it is not this work's), then one every 3 steps of 4 ms.
    expect(log).toEqual(["immediate", "a0", "a1", "a2", "a3", "a4", "a5"]);

    const later: string[] = [];
    setImmediate(() => later.push("immediate"));
    await slices.run(work("b", 6, clock, 4, later));
    expect(later.indexOf("immediate")).toBeGreaterThan(0);
    expect(later.indexOf("immediate")).toBeLessThan(later.length - 1);
  });

  it("runs the same steps to the same end without pausing", () => {
    const log: string[] = [];
    expect(runToEnd(work("a", 3, { t: 0 }, 50, log))).toBe("a done");
    expect(log).toEqual(["a0", "a1", "a2"]);
  });

  it("resumes one paused computation per turn, the longest waiting first", async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const turns: Array<() => void> = [];
    const slices = createTimeSlices({
      sliceMs: 10,
      now: () => clock.t,
      nextTurn: (resume) => turns.push(resume),
    });
    const a = slices.run(work("a", 2, clock, 10, log));
    const b = slices.run(work("b", 2, clock, 10, log));
    const turn = async () => {
      expect(turns).toHaveLength(1);
      turns.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    };
    await turn();
    expect(log).toEqual(["a0"]);
    await turn();
    expect(log).toEqual(["a0", "b0"]);
    await turn();
    expect(log).toEqual(["a0", "b0", "a1"]);
    await turn();
    expect(log).toEqual(["a0", "b0", "a1", "b1"]);
    await turn();
    await turn();
    await expect(Promise.all([a, b])).resolves.toEqual(["a done", "b done"]);
    expect(turns).toHaveLength(0);
  });

  it("breathe waits for a turn only once the slice is spent", async () => {
    const clock = { t: 0 };
    const log: string[] = [];
    const slices = createTimeSlices({ sliceMs: 10, now: () => clock.t });
    setImmediate(() => log.push("immediate"));
    await slices.breathe(); // the slice before it is not its own: a turn
    log.push("fresh slice");
    setImmediate(() => log.push("second immediate"));
    clock.t += 5;
    await slices.breathe();
    log.push("5 ms in");
    clock.t += 5;
    await slices.breathe();
    log.push("10 ms in");
    expect(log).toEqual([
      "immediate",
      "fresh slice",
      "5 ms in",
      "second immediate",
      "10 ms in",
    ]);
  });

  it("refuses a slice that is not a number of milliseconds", () => {
    expect(() => createTimeSlices({ sliceMs: Number.NaN })).toThrow(
      "createTimeSlices: sliceMs must be a number of milliseconds of at least 0, received NaN.",
    );
  });
});
