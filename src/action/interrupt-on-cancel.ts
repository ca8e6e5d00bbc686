import * as core from "@actions/core";
import type { InFlightRuns } from "../conversation/in-flight-runs.js";
import { systemClock, type Clock } from "../shared/clock.js";

// The runner cancels a step by sending SIGINT to its entry process, then
// SIGTERM if it has not exited 7,500 ms later, then kills the process tree
// 2,500 ms after that (GitHub's "Workflow cancellation reference":
// https://docs.github.com/en/actions/reference/workflow-cancellation-reference).
// The notice must land before the kill: 6 s of the 10 leaves the exit its time.
const NOTICE_LIMIT_MS = 6_000;

const CANCEL_SIGNALS = ["SIGINT", "SIGTERM"] as const;

// What the step's failure says of the thread, by what the notice did.
const CANCELLED = {
  marked:
    "its comment now says so, and a re-run of this workflow run answers in that comment",
  late: "its comment could not be marked in time; a re-run of this workflow run answers in it",
  none: "nothing was posted yet; a re-run of this workflow run answers",
};

export interface InterruptOnCancelOptions {
  /** The runs whose open comments the notice replaces (the one passed to `runAction`). */
  inFlight: Pick<InFlightRuns, "interruptAll" | "size">;
  /** Where the signals arrive (default: this process). */
  signals?: { on(signal: string, listener: () => void): unknown };
  /** Fails the step (default `core.setFailed`: an error annotation, exit code 1). */
  fail?: (message: string) => void;
  /** Ends the process (default `process.exit`). */
  exit?: (code: number) => void;
  clock?: Clock;
}

/**
 * What a cancelled workflow run leaves in the thread: on the runner's first
 * SIGINT or SIGTERM, the run's open comment (the progress checklist, or
 * nothing yet in the quiet modes) becomes the interrupted notice, as the
 * App's shutdown leaves it (`createGracefulShutdown`), still marked as the
 * trigger's reply, so a re-run finds it and answers in it
 * (`findEarlierReply`). Then the step fails, naming the signal, and the
 * process exits 1. A second signal changes nothing: the notice is still
 * being written, and the runner's kill bounds it.
 *
 * @example
 * const inFlight = createInFlightRuns(stepLog);
 * interruptOnCancel({ inFlight });
 * await actionStep(process.env, { inFlight });
 */
export function interruptOnCancel(options: InterruptOnCancelOptions): void {
  const signals = options.signals ?? process;
  const fail = options.fail ?? core.setFailed;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const clock = options.clock ?? systemClock;
  let cancelled = false;
  for (const signal of CANCEL_SIGNALS)
    signals.on(signal, () => {
      if (cancelled) return;
      cancelled = true;
      const open = options.inFlight.size > 0;
      void Promise.race([
        options.inFlight.interruptAll().then(() => "marked" as const),
        clock.sleep(NOTICE_LIMIT_MS).then(() => "late" as const),
      ]).then((notice) => {
        fail(
          `askcode was cancelled (${signal}) before it could answer: ${CANCELLED[open ? notice : "none"]}.`,
        );
        exit(1);
      });
    });
}
