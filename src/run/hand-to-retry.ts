import type { JobAttempt } from "../jobs/job-queue.js";
import { RetryLaterError } from "../shared/retry-later-error.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { OpenedRun } from "./run-state.js";
import { tellRetry } from "./tell-retry.js";

/**
 * Gives a failure that may pass to the queue: logged, the placeholder
 * telling what failed and when askcode tries again, then thrown as
 * `RetryLaterError` for the queue to run the job again.
 *
 * @example
 * await handToRetry(new GitHubError("Bad Gateway", 502), run, attempt, deps); // throws RetryLaterError
 */
export async function handToRetry(
  error: unknown,
  run: Pick<OpenedRun, "job" | "comment" | "progress">,
  attempt: JobAttempt,
  deps: Pick<RunQuestionDeps, "clock" | "log">,
): Promise<never> {
  deps.log.warn(
    { err: error, deliveryId: run.job.deliveryId },
    "askcode could not answer yet; the queue will try again",
  );
  // The placeholder says what failed and when askcode tries again.
  await run.progress.close();
  if (attempt.next)
    await tellRetry(run.comment, error, attempt.next, {
      clock: deps.clock,
      log: deps.log,
    });
  throw new RetryLaterError(error);
}
