import type { TriggerPayload } from "./trigger-types.js";

/**
 * The fields of a `pull_request_review_comment` delivery askcode reads.
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#pull_request_review_comment
 */
export interface ReviewCommentPayload {
  action?: string;
  sender: TriggerPayload["sender"];
  pull_request: {
    id: number;
    number: number;
    title: string;
    body?: string | null;
    locked?: boolean;
    state?: string;
    author_association: string;
    user: { login: string } | null;
    updated_at?: string;
  };
  comment: {
    id: number;
    body: string;
    author_association: string;
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
  const { pull_request: pull, comment, sender } = payload;
  return {
    action: payload.action,
    sender: { login: sender.login, type: sender.type },
    issue: {
      id: pull.id,
      title: pull.title,
      body: pull.body ?? null,
      locked: pull.locked,
      state: pull.state,
      author_association: pull.author_association,
      user: pull.user ? { login: pull.user.login } : null,
      pull_request: true,
      updated_at: pull.updated_at,
    },
    comment: {
      id: comment.id,
      body: comment.body,
      author_association: comment.author_association,
    },
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
