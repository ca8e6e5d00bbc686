import type { QuestionJob } from "../question/question-job.js";
import {
  createIssueComments,
  type IssueComments,
  type IssueCommentsOptions,
  type IssuesOctokit,
} from "./issue-comments.js";
import { createDiscussionComments } from "./discussion-comments.js";
import type { GraphqlOctokit } from "./graphql-octokit.js";
import { createReviewThreadComments } from "./review-thread-comments.js";

/** Probot's installation Octokit: REST for issues and pull requests, GraphQL for discussions. */
export type QuestionOctokit = IssuesOctokit & GraphqlOctokit;

/**
 * Where a question's replies go: in the review thread of the review comment
 * that asked, in the discussion that asked (through GraphQL), else in the
 * issue's (or pull request's) conversation. Every
 * reply of a run (progress, answer, failure, limit and interrupted notices)
 * goes there, so the asker finds it where they asked.
 *
 * @example
 * await questionComments(octokit, job).create(body)
 */
export function questionComments(
  octokit: QuestionOctokit,
  job: Pick<
    QuestionJob,
    "owner" | "repo" | "htmlUrl" | "issueNumber" | "reactTo"
  >,
  options: IssueCommentsOptions = {},
): IssueComments {
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
