import { renderRetryNotice } from "../answer/render-retry-notice.js";
import type { JobAttempt } from "../jobs/job-queue.js";
import type { Clock } from "../shared/clock.js";
import { RateLimitError } from "../shared/errors.js";
import { classifyFailure } from "./classify-failure.js";
import type { RunComment } from "../conversation/in-flight-runs.js";

/**
 * Edits the run's placeholder, before the run hands its failure back to the
 * queue, into what failed and when askcode tries again (issue 34: the
 * placeholder kept its last progress step for the whole backoff, saying
 * nothing). The failure is named by kind and status only: messages carry
 * hosts and upstream bodies, which are for the log. A failed edit costs
 * only the notice, and is logged. No comment shown (`progress:
 * reaction`/`none`): nothing to edit.
 *
 * @example
 * await tellRetry(comment, new GitHubError("Bad Gateway", 502), attempt.next, { clock, log });
 * // the placeholder: "⏳ **askcode will try again at 04:12:40 UTC** (attempt 2 of 3): GitHub answered 502 at 04:12:30 UTC. …"
 */
export async function tellRetry(
  comment: Pick<RunComment, "edit">,
  error: unknown,
  next: NonNullable<JobAttempt["next"]>,
  deps: {
    clock: Pick<Clock, "now">;
    log: { warn(meta: object, message: string): void };
  },
): Promise<void> {
  const { clock, log } = deps;
  const at = clock.now();
  await comment
    .edit(
      renderRetryNotice({
        failed: whatFailed(error),
        at,
        retryAt: at + next.inMs,
        attempt: next.attempt,
        attempts: next.of,
      }),
    )
    .catch((editError: unknown) =>
      log.warn(
        { err: editError },
        "askcode could not tell in its comment that it will try again; the comment shows its last step until the next attempt",
      ),
    );
}

function whatFailed(error: unknown): string {
  const kind = classifyFailure(error).kind;
  if (kind === "model-unavailable") return "the model could not be reached";
  if (kind === "model-rate-limited")
    return "the model's rate limit was reached";
  if (hasCause(error, (e) => e instanceof RateLimitError))
    return "GitHub's rate limit was reached";
  // Octokit gives a fetch that got no answer status 500; its cause is the system error.
  const unanswered = hasCause(
    error,
    (e) => typeof (e as { code?: unknown }).code === "string",
  );
  const status = statusOf(error);
  return status === undefined || unanswered
    ? "GitHub could not be reached"
    : `GitHub answered ${status}`;
}

function statusOf(error: unknown): number | undefined {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === "number") return status;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function hasCause(error: unknown, test: (e: unknown) => boolean): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (test(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
