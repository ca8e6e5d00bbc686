import { readFileSync } from "node:fs";
import nock from "nock";
import { restHeaders } from "./nock-github.js";

export const THREAD_OWNER = "Codertocat";
export const THREAD_REPO = "Hello-World";
export const THREAD_ISSUE = 1;

/** A comment of a thread: who wrote it, their `author_association`, and what. */
export interface ThreadComment {
  login: string;
  association: string;
  body: string;
  /** 👎 reactions on it, in the comment's `reactions` rollup (default 0). */
  thumbsDown?: number;
}

/**
 * Issue 1 of Codertocat/Hello-World and its comments as GitHub's REST API
 * sends them. A webhook's `issue` and `comment` are the same objects as
 * `GET /repos/{owner}/{repo}/issues/{n}` and its comments list give, so they
 * come from the `issue_comment.created` example (@octokit/webhooks-examples);
 * only the fields named in `issue` and each comment's login, association,
 * body and id are changed.
 * https://docs.github.com/en/rest/issues/comments#list-issue-comments
 */
export function restIssueThread(
  issue: { body?: string; association?: string; title?: string },
  comments: readonly ThreadComment[],
) {
  const payload = JSON.parse(
    readFileSync(
      new URL(
        "../fixtures/webhooks/issue_comment.created.json",
        import.meta.url,
      ),
      "utf8",
    ),
  ) as {
    issue: Record<string, unknown>;
    comment: Record<string, unknown> & {
      id: number;
      user: object;
      reactions: Record<string, unknown>;
    };
  };
  const restIssue = {
    ...payload.issue,
    comments: comments.length,
    ...(issue.title !== undefined ? { title: issue.title } : {}),
    ...(issue.body !== undefined ? { body: issue.body } : {}),
    ...(issue.association !== undefined
      ? { author_association: issue.association }
      : {}),
  };
  const restComments = comments.map((comment, i) => ({
    ...payload.comment,
    id: payload.comment.id + i,
    // An app comments as `<slug>[bot]`, a user of type "Bot".
    user: {
      ...payload.comment.user,
      login: comment.login,
      ...(comment.login.endsWith("[bot]") ? { type: "Bot" } : {}),
    },
    author_association: comment.association,
    body: comment.body,
    reactions: reactionRollup(payload.comment.reactions, comment.thumbsDown),
  }));
  return { issue: restIssue, comments: restComments };
}

// GitHub's rollup: a count per reaction content, and their total.
function reactionRollup(
  example: Record<string, unknown>,
  thumbsDown = 0,
): Record<string, unknown> {
  const total = Number(example.total_count) - Number(example["-1"]);
  return { ...example, "-1": thumbsDown, total_count: total + thumbsDown };
}

/** Serves `restIssueThread(issue, comments)` for one `thread()` read. */
export function nockIssueThread(
  thread: ReturnType<typeof restIssueThread>,
): nock.Scope {
  const path = `/repos/${THREAD_OWNER}/${THREAD_REPO}/issues/${THREAD_ISSUE}`;
  const scope = nock("https://api.github.com")
    .get(path)
    .reply(200, thread.issue, restHeaders());
  const perPage = 100;
  const pages = Math.max(1, Math.ceil(thread.comments.length / perPage));
  if (pages === 1)
    return scope
      .get(`${path}/comments`)
      .query({ per_page: String(perPage) })
      .reply(200, thread.comments, restHeaders());
  // Only the newest two pages are asked for; serving the others would leave
  // pending mocks that the test's isDone() reports.
  for (const page of [pages - 1, pages])
    scope
      .get(`${path}/comments`)
      .query({ per_page: String(perPage), page: String(page) })
      .reply(
        200,
        thread.comments.slice((page - 1) * perPage, page * perPage),
        restHeaders(),
      );
  return scope;
}
