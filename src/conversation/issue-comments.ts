import type { IssuesOctokit } from "./issues-octokit.js";
export type { IssuesOctokit };
import type { RepositoryOnWeb } from "../shared/permalink.js";
import { readCommentBody } from "./read-comment-body.js";
import { sendRedactedComment } from "./send-redacted-comment.js";
import { readBy } from "./read-by.js";
import type {
  ThreadComments,
  ThreadCommentsOptions,
} from "./thread-comments.js";
import {
  threadFromComments,
  type AnswerThumbsDown,
  type RestComment,
  type RestIssue,
} from "./thread-from-comments.js";

export type { AnswerThumbsDown };

// Earlier comments beyond this many are not read: the thread is trimmed to a
// token share of the first message anyway, and the newest matter most. It is
// also the REST API's largest page.
const MAX_COMMENTS = 100;

/**
 * Issue comments through the REST API, for one issue. Every body posted or
 * edited here has secrets redacted, whatever rendered it (an answer, a
 * progress or failure notice, the repository's config problems): the
 * renderers redact too, and redacting twice changes nothing, but this is
 * the one place no text can go around.
 * https://docs.github.com/en/rest/issues/comments
 */
export function createIssueComments(
  octokit: IssuesOctokit,
  issue: RepositoryOnWeb & { issueNumber: number },
  options: ThreadCommentsOptions = {},
): ThreadComments {
  const base = { owner: issue.owner, repo: issue.repo };
  return {
    async create(body) {
      return sendRedactedComment(
        octokit,
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
        { ...base, issue_number: issue.issueNumber },
        body,
        options.ownSecrets,
      );
    },
    async update(commentId, body) {
      await sendRedactedComment(
        octokit,
        "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
        { ...base, comment_id: commentId },
        body,
        options.ownSecrets,
      );
    },
    // https://docs.github.com/en/rest/issues/comments#get-an-issue-comment
    async read(commentId) {
      return readCommentBody(
        octokit,
        "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
        { ...base, comment_id: commentId },
      );
    },
    // https://docs.github.com/en/rest/issues/comments#delete-an-issue-comment
    async remove(commentId) {
      await octokit.request(
        "DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}",
        { ...base, comment_id: commentId },
      );
    },
    async thread(askingCommentId, deadline) {
      const read = readBy(octokit, deadline);
      const { data: found } = await read(
        "GET /repos/{owner}/{repo}/issues/{issue_number}",
        { ...base, issue_number: issue.issueNumber },
      );
      const opened = found as RestIssue;
      // Comments are listed oldest first: the newest MAX_COMMENTS are on the
      // last page and the one before it, which the issue's count locates.
      const lastPage = Math.max(
        1,
        Math.ceil((opened.comments ?? 0) / MAX_COMMENTS),
      );
      const pages = lastPage > 1 ? [lastPage - 1, lastPage] : [1];
      const listed = await Promise.all(
        pages.map((page) =>
          read("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
            ...base,
            issue_number: issue.issueNumber,
            per_page: MAX_COMMENTS,
            ...(lastPage > 1 ? { page } : {}),
          }),
        ),
      );
      const all = listed
        .flatMap(({ data }) => data as RestComment[])
        .slice(-MAX_COMMENTS);
      // The issue counts every comment; those before the pages read were not.
      return threadFromComments(opened, all, askingCommentId, issue, {
        ...options,
        commentsNotRead: Math.max(0, (opened.comments ?? 0) - all.length),
      });
    },
  };
}
