import { encodePathSegments } from "./encode-path-segments.js";
import type { GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";

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
 * threw them, for the caller to map. With `mediaFormat: "raw"` the body is
 * the file's bytes (the only way to get files from 1 to 100 MB).
 * See https://docs.github.com/en/rest/repos/contents#get-repository-content
 *
 * @example
 * const answer = await getContents(ctx, sha, "src/index.ts");
 * if (answer && !Array.isArray(answer) && answer.type === "file") …
 */
export async function getContents<T = ContentsAnswer>(
  ctx: GitHubRepoContext,
  sha: string,
  path: string,
  mediaFormat?: "raw",
): Promise<T | undefined> {
  try {
    const { data } = await ctx.api.get<T>(
      "GET /repos/{owner}/{repo}/contents/{+path}",
      {
        owner: ctx.owner,
        repo: ctx.repo,
        path: encodePathSegments(path),
        ref: sha,
      },
      { immutable: true, ...(mediaFormat ? { mediaFormat } : {}) },
    );
    return data;
  } catch (error) {
    if (requestStatus(error) === 404) return undefined;
    throw error;
  }
}
