import type { GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";
import { responseBytes } from "./response-body.js";

/** One entry of a Contents API answer: a file, directory, symlink or submodule. */
export interface ContentsItem {
  type: "file" | "dir" | "symlink" | "submodule";
  name: string;
  path: string;
  sha: string;
  size: number;
  /** Base64 for files up to 1 MB; "none" (and empty `content`) from 1 to 100 MB. */
  encoding?: string;
  content?: string;
  target?: string;
  submodule_git_url?: string;
  git_url: string | null;
  download_url: string | null;
}

/** A directory comes back as an array of entries, anything else as one object. */
export type ContentsAnswer = ContentsItem | ContentsItem[];

/**
 * `GET /repos/{owner}/{repo}/contents/{path}?ref=<sha>`: one path at one
 * commit, cached as immutable (a commit SHA's contents never change). Returns
 * `undefined` when GitHub answers 404; other errors are thrown as Octokit
 * threw them, for the caller to map. The path goes out segment by segment
 * (`createOctokit` keeps its slashes).
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * const answer = await getContents(ctx, sha, "src/index.ts");
 * if (answer && !Array.isArray(answer) && answer.type === "file") …
 */
export async function getContents(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
): Promise<ContentsAnswer | undefined> {
  return requestContents(ctx, sha, path);
}

/**
 * The same request with the raw media type: the file's bytes, the only way
 * to read files from 1 to 100 MB. `undefined` on 404.
 * See https://docs.github.com/en/rest/using-the-rest-api/media-types#raw-media-type-for-repository-contents
 *
 * @example
 * const bytes = await getRawContents(ctx, sha, "assets/big.json");
 */
export async function getRawContents(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
): Promise<Buffer | undefined> {
  const body = await requestContents(ctx, sha, path, "raw");
  return body === undefined ? undefined : responseBytes(body);
}

async function requestContents(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
  mediaFormat?: "raw",
) {
  try {
    const { data } = await ctx.api.get(
      (rest) => rest.repos.getContent,
      { owner: ctx.owner, repo: ctx.repo, path, ref: sha },
      { immutable: true, ...(mediaFormat ? { mediaFormat } : {}) },
    );
    return data;
  } catch (error) {
    if (requestStatus(error) === 404) return undefined;
    throw error;
  }
}
