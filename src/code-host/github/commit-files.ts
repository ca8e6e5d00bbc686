import type { RequestingOctokit } from "./create-octokit.js";

/** What GitHub says is left of the token's primary rate limit (`x-ratelimit-*`). */
export interface RateQuota {
  remaining: number;
  limit: number;
}

/**
 * The SHAs of up to `count` commits back from `from`, `from` first, as
 * `git log` lists them (one request: `GET /repos/{owner}/{repo}/commits`,
 * at most 100 a page), with the rate limit left.
 * https://docs.github.com/en/rest/commits/commits#list-commits
 *
 * @example
 * await listCommitShas(octokit, { owner: "o", repo: "r", from: "8f1e2a3…", count: 3 })
 * // { shas: ["8f1e2a3…", "6dcb09b…", "a1b2c3d…"], quota: { remaining: 4990, limit: 5000 } }
 */
export async function listCommitShas(
  octokit: RequestingOctokit,
  at: {
    owner: string;
    repo: string;
    from: string;
    count: number;
    signal?: AbortSignal;
  },
): Promise<{ shas: string[]; quota?: RateQuota }> {
  const { data, headers } = await octokit.rest.repos.listCommits({
    owner: at.owner,
    repo: at.repo,
    sha: at.from,
    per_page: Math.min(100, Math.max(1, at.count)),
    ...(at.signal && { request: { signal: at.signal } }),
  });
  return {
    shas: data.map((commit) => commit.sha),
    ...quotaOf(headers),
  };
}

/**
 * The paths one commit changed (`GET /repos/{owner}/{repo}/commits/{ref}`:
 * a rename as its new and its old path, as `git log --no-renames` lists
 * it), asking for no more than `maxFiles + 1` files, so a commit over
 * `maxFiles` is known as such without its whole diff (`tooMany`).
 * https://docs.github.com/en/rest/commits/commits#get-a-commit
 *
 * @example
 * await commitPaths(octokit, { owner: "o", repo: "r", sha: "8f1e2a3…", maxFiles: 30 })
 * // { paths: ["CHANGES.rst", "src/flask/app.py"], tooMany: false, quota: { remaining: 4989, limit: 5000 } }
 */
export async function commitPaths(
  octokit: RequestingOctokit,
  at: {
    owner: string;
    repo: string;
    sha: string;
    maxFiles: number;
    signal?: AbortSignal;
  },
): Promise<{ paths: string[]; tooMany: boolean; quota?: RateQuota }> {
  const { data, headers } = await octokit.rest.repos.getCommit({
    owner: at.owner,
    repo: at.repo,
    ref: at.sha,
    per_page: at.maxFiles + 1,
    ...(at.signal && { request: { signal: at.signal } }),
  });
  const paths = (data.files ?? []).flatMap((file) =>
    file.previous_filename && file.previous_filename !== file.filename
      ? [file.filename, file.previous_filename]
      : [file.filename],
  );
  // Asked for one file more than read: past it, or past it once renames
  // count twice, the commit is left out.
  return {
    paths,
    tooMany: paths.length > at.maxFiles,
    ...quotaOf(headers),
  };
}

function quotaOf(headers: Record<string, unknown>): { quota?: RateQuota } {
  const remaining = Number(headers["x-ratelimit-remaining"]);
  const limit = Number(headers["x-ratelimit-limit"]);
  return Number.isFinite(remaining) && Number.isFinite(limit) && limit > 0
    ? { quota: { remaining, limit } }
    : {};
}
