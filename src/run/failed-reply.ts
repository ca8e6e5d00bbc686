import type { FailureReason } from "../question/failure-reason.js";
import { renderFailureComment } from "../answer/render-failure-comment.js";
import { classifyFailure } from "./classify-failure.js";
import { handToRetry } from "./hand-to-retry.js";
import { mayPassOnRetry } from "./may-pass-on-retry.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunReply, StartedRun } from "./run-state.js";

/**
 * What a run that failed replies, from what its steps got to: a failure
 * that may pass goes back to the queue while it has attempts left (out of
 * time once is out of time again, so that is never retried). Else the
 * failure is logged and the comment says why there is no answer: out of
 * time when its wall time ran out (however the cut-off read reported it),
 * the repository named when it became unreadable mid-run (whatever read
 * failed last), else what the error says.
 *
 * @example
 * await failedReply(error, run, deps) // { body: "…180 seconds…", outcome: { kind: "failed", reason: "time-limit" } }
 */
export async function failedReply(
  error: unknown,
  run: StartedRun,
  deps: RunQuestionDeps,
): Promise<RunReply> {
  const { attempt } = deps;
  // A read cut off by the run's deadline fails however its client
  // reports the abort; the asker should hear that time ran out.
  const timeLimit = run.deadline?.signal.aborted
    ? run.settings?.budgets.wall_time_seconds
    : undefined;
  // Out of time once is out of time again: only other failures are retried.
  const retry = attempt && !attempt.last && timeLimit === undefined;
  if (retry && mayPassOnRetry(error))
    await handToRetry(error, run, attempt, deps);
  deps.log.error(
    { err: error, deliveryId: run.job.deliveryId },
    "askcode could not answer",
  );
  const fault = run.commit?.watched.fault();
  const reason: FailureReason =
    timeLimit !== undefined
      ? { kind: "time-limit", seconds: timeLimit }
      : fault
        ? {
            kind: "github-refused",
            status: fault.status,
            subject: "repository",
          }
        : classifyFailure(error);
  const body = await renderFailureComment(reason, {
    handle: run.handle,
    repository: run.commit?.at,
  });
  return { body, outcome: { kind: "failed", reason: reason.kind } };
}
