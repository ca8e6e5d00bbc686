import { systemClock, type Clock } from "../shared/clock.js";
import { attemptJob, type AttemptState } from "./attempt-job.js";
import { createIdleCount } from "./idle-count.js";
import { createJobLine } from "./job-line.js";
import type { JobJournal } from "../storage/job-journal/job-journal.js";
import type { JobCanceller, JobEnd, JobQueue, JobRunner } from "./job-queue.js";
import { issueKey } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";

export interface InProcessQueueOptions {
  run: JobRunner;
  /**
   * Replies to a job that will never run: the queue was stopped before its
   * turn and nothing will take it up (a journal that is not durable), or it
   * has been started `attempts` times without finishing (the process died
   * with it each time) and is given up on.
   */
  cancel: JobCanceller;
  /** Jobs running at once across all issues (default 4). */
  concurrency?: number;
  log: {
    warn?(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /**
   * Where accepted jobs are written down. With the embedded store's
   * journal, a restart takes up every job that had not finished, and a stop
   * leaves the queued ones for the next start.
   */
  journal: JobJournal;
  /** Attempts in all for a failure that may pass (default 1: none retried). */
  attempts?: number;
  /** The wait before the first retry, doubling after (default 10 s; `jobRetryDelayMs`). */
  backoffMs?: number;
  /** What retries wait on (default: the system clock). */
  clock?: Clock;
}

/**
 * The one-process queue: at most `concurrency` jobs at once, one at a time
 * per issue (a second question on an issue waits for the first answer, so
 * answers arrive in the order they were asked), and no job accepted twice.
 *
 * A burst is served fairly: a free slot goes to the installations in turn,
 * within an installation to its repositories in turn, and within a
 * repository to its issues in the order they asked (an issue's next
 * question rejoins at the back once its answer is out). One repository's 50
 * questions then delay another's one by at most one turn, not 50; and the
 * installation comes first because GitHub's rate limits, and so the pace of
 * the answers, are per installation.
 *
 * What it accepts is written to its journal before `enqueue` resolves (so
 * before the webhook is answered). With a durable journal (the embedded
 * store), a start takes up every unfinished job in the order it came: a
 * job that was running edits the comment its attempt left; a stop starts
 * nothing new and leaves the rest for the next start, as a Redis replica
 * does. A job started `attempts` times without finishing (each time the
 * process died with it) is given up on with one comment, not run again.
 * With the memory journal (tests), a stop cancels the jobs still waiting,
 * at once, so their replies go out while the running jobs finish.
 *
 * @example
 * const queue = createInProcessQueue({ journal, run: (job, attempt) => runTrigger(job, attempt),
 *   cancel: (job, ended) => replyInterrupted(job, ended), attempts: 3, log: app.log });
 * await queue.enqueue(job); // "queued" | "duplicate"
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const { journal } = options;
  const attempts = options.attempts ?? 1;
  const clock = options.clock ?? systemClock;
  // Waiting out a retry's backoff.
  const sleeping = new Set<TriggerJob>();
  let stopped = false;
  // Accepted (or taken up) and not finished.
  const idle = createIdleCount();

  const logError = (error: unknown, job: TriggerJob, message: string) =>
    options.log.error(
      { err: error, deliveryId: job.deliveryId, issue: issueKey(job) },
      message,
    );
  const strike = (job: TriggerJob): Promise<void> =>
    journal
      .finish(job)
      .catch((error: unknown) =>
        logError(error, job, "askcode could not strike a job from its journal"),
      );

  async function cancel(job: TriggerJob, ended: JobEnd): Promise<void> {
    try {
      await options.cancel(job, ended);
    } catch (error) {
      logError(error, job, "askcode could not reply to a job it will not run");
    }
    await strike(job);
  }

  const attemptState: AttemptState = {
    journal,
    run: options.run,
    attempts,
    backoffMs: options.backoffMs ?? 10_000,
    clock,
    log: options.log,
    logError,
  };
  // One attempt: the job ends, or a failure that may pass sends it back in
  // line after a backoff.
  const line = createJobLine({
    concurrency: options.concurrency ?? 4,
    start: async (job) => {
      const retryAt = await attemptJob(attemptState, job);
      if (retryAt === undefined) {
        await strike(job);
        idle.finished();
      } else runLater(job, retryAt);
    },
  });

  // Back in line at `at`, unless a stop came first (it settles the job).
  function runLater(job: TriggerJob, at: number): void {
    sleeping.add(job);
    void clock.sleep(Math.max(0, at - clock.now())).then(() => {
      if (sleeping.delete(job)) line.place(job);
    });
  }

  // A job the stop keeps from starting: the next start runs it (durable),
  // or it is told it was interrupted.
  function leave(job: TriggerJob): void {
    if (journal.durable) idle.finished();
    else void cancel(job, { reason: "stopped" }).then(idle.finished);
  }

  // A start takes up what the journal holds: jobs that never started, and
  // jobs whose process died with them (their attempt counted, their comment kept).
  const recovered = journal.unfinished().then(
    (entries) => {
      for (const entry of entries) {
        idle.add();
        if (entry.attemptsMade >= attempts) {
          options.log.warn?.(
            { deliveryId: entry.job.deliveryId, attempts: entry.attemptsMade },
            "askcode gives up on a job the process stopped with each time it ran",
          );
          void cancel(entry.job, {
            reason: "gave-up",
            ...(entry.commentId === undefined
              ? {}
              : { commentId: entry.commentId }),
          }).then(idle.finished);
        } else if (entry.runAfter > clock.now())
          runLater(entry.job, entry.runAfter);
        else line.place(entry.job);
      }
    },
    (error: unknown) =>
      options.log.error(
        { err: error },
        "askcode could not read its job journal; earlier jobs are not taken up",
      ),
  );

  return {
    get pending() {
      return idle.pending;
    },
    get resumes() {
      return journal.durable;
    },
    async enqueue(job) {
      await recovered;
      if ((await journal.accept(job)) === "duplicate") return "duplicate";
      idle.add();
      if (stopped) leave(job);
      else line.place(job);
      return "queued";
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const job of [...line.stop(), ...sleeping]) leave(job);
      sleeping.clear();
    },
    onIdle: () => idle.onIdle(),
    async close() {
      // Past the grace period: the attempts still running were cut short by
      // the stop, not by a fault, so the next start does not count them.
      if (journal.durable)
        await Promise.all([...line.running].map((job) => journal.uncount(job)));
    },
  };
}
