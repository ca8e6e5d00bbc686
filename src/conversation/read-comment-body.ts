import type { IssuesOctokit } from "./issues-octokit.js";

/**
 * One comment's body through a REST route (an issue comment's, a review
 * comment's); undefined when GitHub says it is gone (404).
 *
 * @example
 * await readCommentBody(octokit, "GET /repos/{owner}/{repo}/issues/comments/{comment_id}",
 *   { owner: "octo", repo: "hello", comment_id: 4242 }) // "It retries twice.\n\n<sub>askcode · …</sub>"
 */
export async function readCommentBody(
  octokit: IssuesOctokit,
  route: string,
  params: Record<string, unknown>,
): Promise<string | undefined> {
  try {
    const { data } = await octokit.request(route, params);
    const body = (data as { body?: unknown } | null)?.body;
    return typeof body === "string" ? body : "";
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status === 404)
      return undefined;
    throw error;
  }
}
