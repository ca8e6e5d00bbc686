import type { QuestionJob } from "../question/question-job.js";
import { acknowledgeQuestion } from "./acknowledge-question.js";
import type { Conversation } from "./conversation.js";
import { createDiscussionComments } from "./discussion-comments.js";
import { createIssueComments } from "./issue-comments.js";
import type {
  ThreadComments,
  ThreadCommentsOptions,
} from "./thread-comments.js";
import { headMovedNote } from "./pull-request-commit.js";
import { createPullRequests, type PullRequests } from "./pull-requests.js";
import type { QuestionOctokit } from "./question-octokit.js";
import { createReviewThreadComments } from "./review-thread-comments.js";

/** What a question job says about where it was asked. */
export type AskedIn = Pick<
  QuestionJob,
  "owner" | "repo" | "htmlUrl" | "issueNumber" | "reactTo" | "onPullRequest"
>;

/**
 * The conversation a question was asked in, through the installation's
 * Octokit: replies go in the review thread of the review comment that asked,
 * in the discussion that asked (through GraphQL), else in the issue's (or
 * pull request's) conversation, so the asker finds every reply of a run
 * (progress, answer, failure, limit and interrupted notices) where they asked.
 *
 * @example
 * const conversation = openConversation(await app.auth(job.installationId), job);
 * await conversation.acknowledge();
 * const thread = await conversation.readThread(deadline);
 */
export function openConversation(
  octokit: QuestionOctokit,
  job: AskedIn,
  options: ThreadCommentsOptions = {},
): Conversation {
  return conversationOf(job, {
    comments: placeComments(octokit, job, options),
    pullRequests: createPullRequests(octokit, job),
    acknowledge: () => acknowledgeQuestion(octokit, job),
  });
}

/**
 * A conversation from its parts, bound to the question that asked: which
 * comment asked (left out of the thread), the pull request it is on, the
 * review line. `openConversation` gives it GitHub's; tests give it theirs.
 */
export function conversationOf(
  job: AskedIn,
  parts: {
    comments: ThreadComments;
    pullRequests: PullRequests;
    acknowledge(): Promise<void>;
  },
): Conversation {
  const { comments, pullRequests } = parts;
  const { reactTo } = job;
  const askingCommentId =
    "commentId" in reactTo ? reactTo.commentId : undefined;
  const remove = comments.remove?.bind(comments);
  const read = comments.read?.bind(comments);
  return {
    acknowledge: parts.acknowledge,
    readThread: (deadline) => comments.thread(askingCommentId, deadline),
    create: (body) => comments.create(body),
    update: (commentId, body) => comments.update(commentId, body),
    ...(remove ? { remove } : {}),
    ...(read ? { read } : {}),
    readPullRequest: async (deadline) =>
      job.onPullRequest
        ? pullRequests.read(job.issueNumber, deadline)
        : undefined,
    headMovedNote: async (sha) =>
      job.onPullRequest
        ? headMovedNote(pullRequests, job.issueNumber, sha)
        : undefined,
    reviewLine:
      reactTo.kind === "review-comment" ? reactTo.reviewComment : undefined,
  };
}

/** The comments of the place that asked: a review thread, a discussion, else the issue or pull request. */
function placeComments(
  octokit: QuestionOctokit,
  job: AskedIn,
  options: ThreadCommentsOptions,
): ThreadComments {
  const { reactTo } = job;
  if (reactTo.kind === "discussion" || reactTo.kind === "discussion-comment")
    return createDiscussionComments(octokit, job, reactTo.discussion, options);
  return reactTo.kind === "review-comment"
    ? createReviewThreadComments(
        octokit,
        job,
        {
          commentId: reactTo.commentId,
          ...(reactTo.reviewComment.inReplyTo !== undefined
            ? { inReplyTo: reactTo.reviewComment.inReplyTo }
            : {}),
        },
        options,
      )
    : createIssueComments(octokit, job, options);
}
