import { gitBlobSha } from "./git-blob-sha.js";
import { mapRequestError } from "./map-request-error.js";
import type { GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";

/** The answer of `GET /repos/{owner}/{repo}/git/blobs/{file_sha}`, as far as we read it. */
interface GitBlobAnswer {
  content: string;
  /** "base64" (what GitHub sends for the JSON media type) or "utf-8". */
  encoding: string;
}

/**
 * The bytes of one git blob through the Git Blobs API, checked against
 * their SHA. The JSON answer (base64) is used rather than the raw media
 * type: Octokit hands raw `charset=utf-8` bodies over as strings, which
 * would turn invalid UTF-8 into U+FFFD, and the blob store must hold the
 * very bytes the SHA names. It bypasses the response cache (`cache: false`):
 * the caller keeps the bytes in the blob store on disk and in the snapshot,
 * so a third copy (base64, a third larger) in memory and Redis would only
 * take room. A 404 (history force-pushed away) throws like any failure.
 * See https://docs.github.com/en/rest/git/blobs#get-a-blob
 *
 * @example
 * const bytes = await getGitHubBlob(ctx, "ce013625030ba8dba906f756967f9e9ca394464a"); // <Buffer 68 65 6c 6c 6f 0a>
 */
export async function getGitHubBlob(
  ctx: GitHubRepoContext,
  sha: string,
): Promise<Buffer> {
  let answer: GitBlobAnswer;
  try {
    ({ data: answer } = await ctx.api.get(
      (rest) => rest.git.getBlob,
      { owner: ctx.owner, repo: ctx.repo, file_sha: sha },
      { cache: false },
    ));
  } catch (error) {
    if (requestStatus(error) === 404)
      throw new Error(
        `GitHub has no blob ${sha} in ${ctx.owner}/${ctx.repo} (404: its history may have been force-pushed away)`,
        { cause: error },
      );
    throw mapRequestError(error, `reading the blob ${sha}`);
  }
  const bytes = Buffer.from(
    answer.content,
    answer.encoding === "base64" ? "base64" : "utf8",
  );
  const actual = gitBlobSha(bytes);
  if (actual !== sha)
    throw new Error(
      `GitHub answered the blob ${sha} with bytes whose SHA is ${actual}`,
    );
  return bytes;
}
