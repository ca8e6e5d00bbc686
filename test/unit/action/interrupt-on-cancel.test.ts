import { EventEmitter } from "node:events";
import { describe, expect, it } from "@jest/globals";
import { interruptOnCancel } from "../../../src/action/interrupt-on-cancel.js";
import { createManualClock, deferred } from "../../helpers/manual-clock.js";

/** The wiring over a registry whose notice lands when the test says so. */
function cancellable(open = 1) {
  const signals = new EventEmitter();
  const notice = deferred();
  const clock = createManualClock();
  const calls = {
    interrupted: 0,
    failed: [] as string[],
    exits: [] as number[],
  };
  let exited: () => void = () => undefined;
  const exit = new Promise<void>((resolve) => (exited = resolve));
  interruptOnCancel({
    signals,
    clock,
    inFlight: {
      size: open,
      interruptAll: () => {
        calls.interrupted++;
        return notice.promise;
      },
    },
    fail: (message) => calls.failed.push(message),
    exit: (code) => {
      calls.exits.push(code);
      exited();
    },
  });
  return { signals, notice, clock, calls, exit };
}

describe("interruptOnCancel", () => {
  it("on the runner's SIGINT, marks the open comment, then fails the step naming the signal and exits 1", async () => {
    const { signals, notice, calls, exit } = cancellable();

    signals.emit("SIGINT");
    expect(calls.interrupted).toBe(1);
    // The step ends only once the notice landed.
    await Promise.resolve();
    expect(calls.exits).toStrictEqual([]);
    notice.resolve();
    await exit;

    expect(calls.failed).toStrictEqual([
      "askcode was cancelled (SIGINT) before it could answer: its comment now says so, and a re-run of this workflow run answers in that comment.",
    ]);
    expect(calls.exits).toStrictEqual([1]);
  });

  it("ignores the SIGTERM that follows: one notice, one failure", async () => {
    const { signals, notice, calls, exit } = cancellable();

    signals.emit("SIGINT");
    signals.emit("SIGTERM");
    notice.resolve();
    await exit;

    expect(calls.interrupted).toBe(1);
    expect(calls.failed).toHaveLength(1);
    expect(calls.exits).toStrictEqual([1]);
  });

  it("exits before the runner's kill when the notice hangs, saying the comment was not marked", async () => {
    const { signals, clock, calls, exit } = cancellable();

    signals.emit("SIGTERM");
    await Promise.resolve();
    // 7.5 s after SIGINT comes SIGTERM, 2.5 s later the kill: 6 s is the limit.
    clock.advance(5_999);
    await Promise.resolve();
    expect(calls.exits).toStrictEqual([]);
    clock.advance(1);
    await exit;

    expect(calls.failed).toStrictEqual([
      "askcode was cancelled (SIGTERM) before it could answer: its comment could not be marked in time; a re-run of this workflow run answers in it.",
    ]);
    expect(calls.exits).toStrictEqual([1]);
  });

  it("says nothing was posted when the run had no comment open yet", async () => {
    const { signals, notice, calls, exit } = cancellable(0);

    signals.emit("SIGINT");
    notice.resolve();
    await exit;

    expect(calls.failed).toStrictEqual([
      "askcode was cancelled (SIGINT) before it could answer: nothing was posted yet; a re-run of this workflow run answers.",
    ]);
  });
});
