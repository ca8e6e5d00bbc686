import { createProgressReporter } from "../../../src/conversation/progress-reporter.js";
import { createManualClock, deferred } from "../../helpers/manual-clock.js";

/** A reporter over a clock the test moves, recording each edit; `hold` keeps edits under way until released. */
function reporter(options: { hold?: boolean; fail?: boolean } = {}) {
  const clock = createManualClock();
  const edits: string[] = [];
  const releases: Array<() => void> = [];
  const progress = createProgressReporter({
    clock,
    intervalMs: 3_000,
    shown: [{ kind: "searching" }],
    edit: async (body) => {
      edits.push(body);
      if (options.hold) {
        const released = deferred();
        releases.push(released.resolve);
        await released.promise;
      }
      if (options.fail) throw new Error("GitHub answered 502");
    },
  });
  return { clock, edits, releases, progress };
}

// Lets the reporter's promise callbacks run (no time passes on any clock).
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const lastLine = (body: string) => body.split("\n").at(-3);

describe("createProgressReporter", () => {
  it("waits out the interval after the posted comment, then writes the newest state once", async () => {
    const { clock, edits, progress } = reporter();
    progress.record({ kind: "searched", files: 40 });
    progress.record({ kind: "read", paths: ["src/a.ts"] });
    await settle();
    expect(edits).toStrictEqual([]);

    clock.advance(2_999);
    await settle();
    expect(edits).toStrictEqual([]);

    clock.advance(1);
    await settle();
    expect(edits).toHaveLength(1);
    expect(edits[0]).toContain("- [x] Searched the code (40 files indexed)");
    expect(lastLine(edits[0]!)).toBe("- [ ] Read `src/a.ts`…");
  });

  it("writes at once when the interval has passed, and at most one edit per interval however many steps come", async () => {
    const { clock, edits, progress } = reporter();
    clock.advance(5_000);
    progress.record({ kind: "thinking", maxSteps: 8 });
    await settle();
    expect(edits).toHaveLength(1);

    for (let step = 1; step <= 6; step++) {
      progress.record({
        kind: "tool",
        step,
        maxSteps: 8,
        name: "read_file_contents",
        arguments: { path: `src/f${step}.ts` },
      });
      clock.advance(1_000);
      await settle();
    }
    // Six steps over six seconds: one edit at 3s and one at 6s after the first.
    expect(edits).toHaveLength(3);
    expect(edits[1]).toContain("step 3 of 8");
    expect(edits[2]).toContain("step 6 of 8");
    expect(lastLine(edits[2]!)).toBe("- [ ] `read_file_contents src/f6.ts`…");
  });

  it("never has two edits under way: a step recorded during one is written after it, in order", async () => {
    const { clock, edits, releases, progress } = reporter({ hold: true });
    clock.advance(3_000);
    progress.record({ kind: "searched", files: 2 });
    await settle();
    expect(edits).toHaveLength(1);

    clock.advance(10_000);
    progress.record({ kind: "writing" });
    await settle();
    expect(edits).toHaveLength(1);

    releases[0]!();
    await settle();
    expect(edits).toHaveLength(2);
    expect(lastLine(edits[1]!)).toBe("- [ ] Writing the answer…");
  });

  it("drops a pending edit on close, since the answer replaces the comment, and sends nothing after", async () => {
    const { clock, edits, progress } = reporter();
    progress.record({ kind: "writing" });
    await progress.close();
    clock.advance(60_000);
    progress.record({ kind: "writing" });
    await settle();
    expect(edits).toStrictEqual([]);
  });

  it("on close waits for the edit under way, so it cannot land after the answer", async () => {
    const { clock, edits, releases, progress } = reporter({ hold: true });
    clock.advance(3_000);
    progress.record({ kind: "writing" });
    await settle();
    let closed = false;
    const closing = progress.close().then(() => (closed = true));
    await settle();
    expect(closed).toBe(false);

    releases[0]!();
    await closing;
    expect(edits).toHaveLength(1);
  });

  it("carries on after a failed edit: the next step is written in the next interval", async () => {
    const { clock, edits, progress } = reporter({ fail: true });
    clock.advance(3_000);
    progress.record({ kind: "searched", files: 2 });
    await settle();
    progress.record({ kind: "writing" });
    clock.advance(3_000);
    await settle();
    expect(edits).toHaveLength(2);
    expect(lastLine(edits[1]!)).toBe("- [ ] Writing the answer…");
  });
});
