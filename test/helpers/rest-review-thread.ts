import { readFileSync } from "node:fs";

/** One review comment to serve: its id, the thread it replies in, who wrote it and what. */
export interface ReviewComment {
  id: number;
  inReplyTo?: number;
  login: string;
  association: string;
  body: string;
  /** 👎 reactions on it, in the comment's `reactions` rollup (default 0). */
  thumbsDown?: number;
}

/**
 * Review comments of pull request 2 of Codertocat/Hello-World as `GET
 * /repos/{owner}/{repo}/pulls/{n}/comments` lists them. A webhook's
 * `comment` is the same object, so each is the `pull_request_review_comment`
 * example's (test/fixtures/webhooks/), with only its id, reply target, author,
 * association, body and 👎 count changed; a first comment of a thread has no
 * `in_reply_to_id`.
 * https://docs.github.com/en/rest/pulls/comments#list-review-comments-on-a-pull-request
 */
export function restReviewComments(comments: readonly ReviewComment[]) {
  const example = (
    JSON.parse(
      readFileSync(
        new URL(
          "../fixtures/webhooks/pull_request_review_comment.created.json",
          import.meta.url,
        ),
        "utf8",
      ),
    ) as {
      comment: Record<string, unknown> & {
        user: object;
        reactions: Record<string, unknown>;
      };
    }
  ).comment;
  return comments.map((comment) => ({
    ...example,
    id: comment.id,
    ...(comment.inReplyTo !== undefined
      ? { in_reply_to_id: comment.inReplyTo }
      : {}),
    user: {
      ...example.user,
      login: comment.login,
      // An app comments as `<slug>[bot]`, a user of type "Bot".
      ...(comment.login.endsWith("[bot]") ? { type: "Bot" } : {}),
    },
    author_association: comment.association,
    body: comment.body,
    reactions: {
      ...example.reactions,
      "-1": comment.thumbsDown ?? 0,
      total_count: comment.thumbsDown ?? 0,
    },
  }));
}
