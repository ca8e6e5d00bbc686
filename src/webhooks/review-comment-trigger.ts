import { triggerFacts } from "./trigger-facts.js";
import type { TriggerPayload } from "../question/trigger-types.js";

/**
 * The fields of a `pull_request_review_comment` delivery askcode reads.
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#pull_request_review_comment
 */
export interface ReviewCommentPayload {
  action?: string;
  sender: TriggerPayload["sender"];
  /** The fields an issue's trigger reads, which a pull request has too. */
  pull_request: Omit<TriggerPayload["issue"], "pull_request"> & {
    number: number;
  };
  comment: NonNullable<TriggerPayload["comment"]> & {
    path: string;
    line?: number | null;
    side?: string | null;
    diff_hunk: string;
    commit_id: string;
    in_reply_to_id?: number;
  };
}

/**
 * A review comment on a line, as the trigger's facts: the pull request
 * stands where an issue comment's `issue` is (with the `pull_request`
 * marker, so the run reads its head), the comment where the comment is, and
 * its place in the diff as `reviewComment`. Everything downstream then
 * decides and answers it as a mention in the pull request's conversation,
 * except where it reacts and replies (the review thread) and what the model
 * is shown first (the hunk). Only the fields read are kept: a job is plain
 * data a shared queue holds.
 *
 * @example
 * reviewCommentTrigger(payload).reviewComment
 * // { pullNumber: 2, path: "README.md", line: 265, side: "RIGHT",
 * //   diffHunk: "@@ -1 +1 @@\n-# Hello-World", commitId: "ec26c3e…" }
 */
export function reviewCommentTrigger(
  payload: ReviewCommentPayload,
): TriggerPayload {
  const { pull_request: pull, comment } = payload;
  return {
    ...triggerFacts({
      action: payload.action,
      sender: payload.sender,
      issue: { ...pull, pull_request: true },
      comment,
    }),
    reviewComment: {
      pullNumber: pull.number,
      path: comment.path,
      line: comment.line ?? null,
      // GitHub sends RIGHT for a comment on an added or unchanged line.
      side: comment.side === "LEFT" ? "LEFT" : "RIGHT",
      diffHunk: comment.diff_hunk,
      commitId: comment.commit_id,
      ...(comment.in_reply_to_id !== undefined
        ? { inReplyTo: comment.in_reply_to_id }
        : {}),
    },
  };
}
