import type { RepositoryOnWeb } from "../shared/permalink.js";
import type { IssuesOctokit } from "./issue-comments.js";
import type {
  ThreadComments,
  ThreadCommentsOptions,
} from "./thread-comments.js";
import { readCommentBody } from "./read-comment-body.js";
import { sendRedactedComment } from "./send-redacted-comment.js";
import { readBy } from "./read-by.js";
import {
  threadFromComments,
  type RestComment,
  type RestIssue,
} from "./thread-from-comments.js";

// A review comment as GitHub lists it: a comment, and the thread it replies in.
// https://docs.github.com/en/rest/pulls/comments#list-review-comments-on-a-pull-request
interface RestReviewComment extends RestComment {
  in_reply_to_id?: number;
}

// The REST API's largest page; a pull request's review comments beyond
// PAGES of them are not read (a thread's comments are then only those among them).
const PER_PAGE = 100;
const PAGES = 3;

/**
 * askcode's reply in one review thread on a line of a pull request, and the
 * thread it answers, through the REST API. A reply goes to the thread's
 * first comment (GitHub threads replies on it, not on a reply), so the
 * answer lands under the line that was asked about; its edits are a review
 * comment's. The thread the model reads is the pull request's title and
 * description, then the thread's comments, oldest first, read as in an
 * issue (`threadFromComments`: askcode's earlier answers marked, its
 * notices left out). Every body posted or edited has secrets redacted
 * (`sendRedactedComment`).
 * https://docs.github.com/en/rest/pulls/comments#create-a-reply-for-a-review-comment
 *
 * @example
 * const comments = createReviewThreadComments(octokit,
 *   { owner: "octo", repo: "hello", htmlUrl, issueNumber: 2 },
 *   { commentId: 284312630 });
 * await comments.create("Looking…") // a reply under review comment 284312630
 */
export function createReviewThreadComments(
  octokit: IssuesOctokit,
  pull: RepositoryOnWeb & { issueNumber: number },
  review: { commentId: number; inReplyTo?: number },
  options: ThreadCommentsOptions = {},
): ThreadComments {
  const base = { owner: pull.owner, repo: pull.repo };
  const top = review.inReplyTo ?? review.commentId;
  return {
    async create(body) {
      return sendRedactedComment(
        octokit,
        "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
        { ...base, pull_number: pull.issueNumber, comment_id: top },
        body,
        options.ownSecrets,
      );
    },
    async update(commentId, body) {
      await sendRedactedComment(
        octokit,
        "PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}",
        { ...base, comment_id: commentId },
        body,
        options.ownSecrets,
      );
    },
    // https://docs.github.com/en/rest/pulls/comments#get-a-review-comment-for-a-pull-request
    async read(commentId) {
      return readCommentBody(
        octokit,
        "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}",
        { ...base, comment_id: commentId },
      );
    },
    // https://docs.github.com/en/rest/pulls/comments#delete-a-review-comment-for-a-pull-request
    async remove(commentId) {
      await octokit.request(
        "DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}",
        { ...base, comment_id: commentId },
      );
    },
    async thread(askingCommentId, deadline) {
      const read = readBy(octokit, deadline);
      const { data: found } = await read(
        "GET /repos/{owner}/{repo}/issues/{issue_number}",
        { ...base, issue_number: pull.issueNumber },
      );
      const listed: RestReviewComment[] = [];
      for (let page = 1; page <= PAGES; page++) {
        const { data } = await read(
          "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments",
          { ...base, pull_number: pull.issueNumber, per_page: PER_PAGE, page },
        );
        const comments = data as RestReviewComment[];
        listed.push(...comments);
        if (comments.length < PER_PAGE) break;
      }
      // Listed oldest first; the thread is its first comment and the replies to it.
      const inThread = listed.filter(
        (comment) => comment.id === top || comment.in_reply_to_id === top,
      );
      return threadFromComments(
        found as RestIssue,
        inThread,
        askingCommentId,
        pull,
        options,
      );
    },
  };
}
