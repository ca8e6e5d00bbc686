import type { Clock } from "../shared/clock.js";
import { jobRetryDelayMs } from "../shared/retry-schedule.js";
import type { JobJournal } from "../storage/job-journal/job-journal.js";
import type { JobAttempt, JobRunner } from "./job-queue.js";
import type { TriggerJob } from "../question/trigger-job.js";

/** What one attempt needs of its queue (`createInProcessQueue`'s options, defaults applied). */
export interface AttemptState {
  journal: JobJournal;
  run: JobRunner;
  /** Attempts in all for a failure that may pass. */
  attempts: number;
  /** The wait before the first retry, doubling after. */
  backoffMs: number;
  clock: Clock;
  log: { warn?(details: object, message: string): void };
  /** Logs a failure with the job it happened to. */
  logError: (error: unknown, job: TriggerJob, message: string) => void;
}

/**
 * One attempt of a job: counted in the journal, then run. It ends
 * (answered, or its failure told), and `undefined` comes back; or a
 * failure that may pass is postponed in the journal, and the time to run
 * it again comes back.
 *
 * @example
 * const retryAt = await attemptJob(state, job);
 * if (retryAt === undefined) await journal.finish(job); else runLater(job, retryAt);
 */
export async function attemptJob(
  state: AttemptState,
  job: TriggerJob,
): Promise<number | undefined> {
  const { journal, attempts, backoffMs, clock } = state;
  let retryAt: number | undefined;
  try {
    const entry = await journal.begin(job);
    const current: JobAttempt = {
      commentId: entry.commentId,
      rememberComment: (commentId) => journal.rememberComment(job, commentId),
      last: entry.attemptsMade >= attempts,
      ...(entry.attemptsMade < attempts && {
        next: {
          inMs: jobRetryDelayMs(backoffMs, entry.attemptsMade),
          attempt: entry.attemptsMade + 1,
          of: attempts,
        },
      }),
    };
    try {
      await state.run(job, current);
    } catch (error) {
      if (current.last) throw error;
      retryAt = clock.now() + jobRetryDelayMs(backoffMs, entry.attemptsMade);
      state.log.warn?.(
        {
          err: error,
          deliveryId: job.deliveryId,
          attempt: entry.attemptsMade,
        },
        "askcode job failed; the queue will retry it",
      );
      await journal.postpone(job, retryAt);
    }
  } catch (error) {
    // The runner posts its own failure comment; reaching here means even
    // that failed, and the log is the last place to say so.
    state.logError(error, job, "askcode job failed");
  }
  return retryAt;
}
