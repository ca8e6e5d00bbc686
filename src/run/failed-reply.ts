import type { FailureReason } from "../question/failure-reason.js";
import { renderFailureComment } from "../answer/render-failure-comment.js";
import { classifyFailure } from "./classify-failure.js";
import type { RunReply } from "./reply-without-answer.js";
import type { RunAtRepository } from "../question/run-at.js";

/**
 * The comment that says why a run could not answer: out of time when its
 * wall time ran out (however the cut-off read reported it), the repository
 * named when it became unreadable mid-run (whatever read failed last), else
 * what the error says.
 *
 * @example
 * await failedReply(error, { timeLimit: 180, handle: "askcode" }) // { body: "…180 seconds…", outcome: { kind: "failed", reason: "time-limit" } }
 */
export async function failedReply(
  error: unknown,
  run: {
    timeLimit?: number;
    fault?: { status: 403 | 404 };
    handle?: string;
    at?: RunAtRepository;
  },
): Promise<RunReply> {
  const reason: FailureReason =
    run.timeLimit !== undefined
      ? { kind: "time-limit", seconds: run.timeLimit }
      : run.fault
        ? {
            kind: "github-refused",
            status: run.fault.status,
            subject: "repository",
          }
        : classifyFailure(error);
  const body = await renderFailureComment(reason, {
    handle: run.handle,
    repository: run.at,
  });
  return { body, outcome: { kind: "failed", reason: reason.kind } };
}
