import type { JobQueue } from "../jobs/job-queue.js";
import type { InFlightRuns } from "../conversation/in-flight-runs.js";
import type { Clock } from "../shared/clock.js";

export interface GracefulShutdownDeps {
  queue: Pick<JobQueue, "stop" | "onIdle" | "pending" | "resumes">;
  inFlight: Pick<InFlightRuns, "interruptAll" | "size">;
  /** How long running answers may take to finish (`ASKCODE_SHUTDOWN_GRACE_SECONDS`). */
  graceMs: number;
  clock: Clock;
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
}

export interface GracefulShutdown {
  /** True once a shutdown began: readiness and webhooks answer 503. */
  readonly stopping: boolean;
  /** Starts the shutdown (once; later calls share it) and resolves when the work is settled. */
  shutdown(signal: string): Promise<void>;
  /** A second signal: end the grace period now (the interrupted notices are still written). */
  hurry(): void;
}

// The interrupted notices are GitHub calls that may hang too; a platform's
// stop timeout (Kubernetes: 30 s, against the default grace of 25 s) must
// not run out while we wait on them.
const NOTICE_LIMIT_MS = 4_000;

/**
 * Stops askcode without leaving a question unanswered: it stops taking work
 * (the routes answer 503 from here on), lets running answers finish within
 * the grace period, and leaves the rest to the next start or another
 * replica, which take up both the queued questions and the ones still
 * running (editing their comments). Only a queue that keeps nothing tells
 * its askers they were interrupted: its queued questions at once, its
 * running ones when the grace period is over. The caller closes the queue
 * and the server, and exits.
 */
export function createGracefulShutdown(
  deps: GracefulShutdownDeps,
): GracefulShutdown {
  let stopping = false;
  let done: Promise<void> | undefined;
  let hurry: () => void = () => undefined;
  const hurried = new Promise<void>((resolve) => (hurry = resolve));

  async function run(signal: string): Promise<void> {
    stopping = true;
    deps.log.info(
      { signal, pending: deps.queue.pending, graceMs: deps.graceMs },
      "askcode is stopping: no new questions, running answers may finish",
    );
    deps.queue.stop();
    const ended = await Promise.race([
      deps.queue.onIdle().then(() => "finished" as const),
      deps.clock
        .sleep(deps.graceMs)
        .then(() => "the grace period is over" as const),
      hurried.then(() => "a second signal ended the grace period" as const),
    ]);
    if (ended === "finished") {
      deps.log.info({}, "askcode finished every answer before stopping");
      return;
    }
    if (deps.queue.resumes) {
      // The next start (or another replica) takes these jobs up and edits
      // their comments into the answers: a notice now would be a false end.
      deps.log.warn(
        { running: deps.inFlight.size },
        `askcode is stopping and ${ended}: the answers still running resume at the next start`,
      );
      return;
    }
    deps.log.warn(
      { running: deps.inFlight.size },
      `askcode is stopping and ${ended}: marking the answers still running as interrupted`,
    );
    await Promise.race([
      deps.inFlight.interruptAll(),
      deps.clock.sleep(NOTICE_LIMIT_MS),
    ]);
  }

  return {
    get stopping() {
      return stopping;
    },
    shutdown(signal) {
      return (done ??= run(signal));
    },
    hurry: () => hurry(),
  };
}
