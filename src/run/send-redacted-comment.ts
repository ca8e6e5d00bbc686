import { redactSecrets } from "../policy/redact-secrets.js";
import type { IssuesOctokit } from "./issue-comments.js";

/**
 * Posts or edits one of askcode's comments, wherever it lives (an issue's
 * conversation, a review thread), with its body's secrets redacted first,
 * whatever rendered it: the renderers redact too, and redacting twice
 * changes nothing, but this is the one place no text can go around.
 * Resolves the comment's id.
 *
 * @example
 * await sendRedactedComment(octokit,
 *   "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
 *   { owner: "octo", repo: "hello", comment_id: 4242 }, body) // 4242
 */
export async function sendRedactedComment(
  octokit: IssuesOctokit,
  route: string,
  params: Record<string, unknown>,
  body: string,
): Promise<number> {
  const { data } = await octokit.request(route, {
    ...params,
    body: await redactedCommentBody(body),
  });
  return (data as { id: number }).id;
}

/**
 * A comment's body as askcode may post it: its secrets redacted. For a
 * write that is not a REST route (a discussion's, through GraphQL).
 *
 * @example
 * await redactedCommentBody("token ghp_…") // "token [redacted]"
 */
export async function redactedCommentBody(body: string): Promise<string> {
  return (await redactSecrets(body)).text;
}
