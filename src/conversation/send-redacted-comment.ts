import type { OwnSecret } from "../policy/find-own-secrets.js";
import { securePostedText } from "../policy/secure-posted-text.js";
import type { IssuesOctokit } from "./issues-octokit.js";

/**
 * Posts or edits one of askcode's comments, wherever it lives (an issue's
 * conversation, a review thread), with its body made safe to post first
 * (`redactedCommentBody`), whatever rendered it: the renderers do it too,
 * and doing it twice changes nothing, but this is the one place no text
 * can go around. Resolves the comment's id.
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
  ownSecrets?: readonly OwnSecret[],
): Promise<number> {
  const { data } = await octokit.request(route, {
    ...params,
    body: await redactedCommentBody(body, ownSecrets),
  });
  return (data as { id: number }).id;
}

/**
 * A comment's body as askcode may post it (`securePostedText`): its
 * secrets redacted, askcode's own (`ownSecrets`) among them, then its
 * mentions and references made inert. For a write that is not a REST
 * route (a discussion's, through GraphQL).
 *
 * @example
 * await redactedCommentBody("token ghp_… for @octocat") // "token REDACTED_GITHUB_TOKEN for `@octocat`"
 */
export async function redactedCommentBody(
  body: string,
  ownSecrets?: readonly OwnSecret[],
): Promise<string> {
  return (await securePostedText(body, { ownSecrets })).text;
}
