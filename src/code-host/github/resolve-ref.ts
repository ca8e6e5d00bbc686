import type { ResolvedRef } from "../code-host.js";
import { GitHubError, RefNotFoundError } from "../../shared/errors.js";
import { mapRequestError } from "./map-request-error.js";
import { repoName, type GitHubRepoContext } from "./repo-context.js";
import { requestStatus } from "./request-status.js";
import { responseBytes } from "./response-body.js";

const FULL_SHA = /^[0-9a-f]{40}$/i;

// git check-ref-format's rules that matter for a URL: no "." or ".." segment
// (fetch would resolve it and climb to another endpoint), no control
// characters, spaces or the characters git forbids in ref names.
// See https://git-scm.com/docs/git-check-ref-format
const IMPOSSIBLE_REF =
  /(^|\/)\.|\.\.|@\{|[\x00-\x20\x7f~^:?*[\\]|\/\/|^\/|\/$|\.lock$|\.$/;

/**
 * Resolves a branch, tag or SHA to the commit every later read uses.
 *
 * - No ref: the repository's `default_branch` (`GET /repos/{owner}/{repo}`,
 *   revalidated with its ETag after the cache TTL), then that branch's head.
 * - Branch, tag or short SHA: `GET /repos/{owner}/{repo}/commits/{ref}` with
 *   the `sha` media type, whose body is the bare 40-hex SHA. One request
 *   covers branches, tags (annotated tags peeled to their commit) and short
 *   SHAs; the git refs API would need one lookup under `heads/`, another
 *   under `tags/` and a third to peel an annotated tag. The answer is cached
 *   with the TTL and revalidated with its ETag (a 304 costs no rate limit).
 * - A full SHA: the same request, which proves the commit exists here; its
 *   answer can never change, so it is cached as immutable.
 *
 * A missing ref (GitHub answers 422 "No commit found for SHA: …", or 404)
 * throws `RefNotFoundError`; an empty repository (409 "Git Repository is
 * empty.") throws `EmptyRepositoryError`.
 * See https://docs.github.com/en/rest/commits/commits#get-a-commit and
 * https://docs.github.com/en/rest/using-the-rest-api/media-types#sha-media-type
 *
 * @example
 * const { sha, ref } = await resolveGitHubRef({ api, owner: "octo-org", repo: "hello-world" });
 * // { sha: "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d", ref: "main", defaultBranch: "main" }
 */
export async function resolveGitHubRef(
  ctx: GitHubRepoContext,
  ref?: string,
): Promise<ResolvedRef> {
  if (ref === undefined || ref.trim() === "") {
    const defaultBranch = await getDefaultBranch(ctx);
    const sha = await getCommitSha(ctx, defaultBranch);
    return { sha, ref: defaultBranch, defaultBranch };
  }
  if (IMPOSSIBLE_REF.test(ref) || ref.length > 255) {
    throw new RefNotFoundError(ref);
  }
  return { sha: await getCommitSha(ctx, ref), ref };
}

// A branch moves with every push: trust a head for a minute, then revalidate it
// (a 304 costs no rate limit), so a question asked right after a push reads the push.
const BRANCH_HEAD_TTL_MS = 60_000;

async function getDefaultBranch(ctx: GitHubRepoContext): Promise<string> {
  let repository: { default_branch?: unknown };
  try {
    ({ data: repository } = await ctx.api.get((rest) => rest.repos.get, {
      owner: ctx.owner,
      repo: ctx.repo,
    }));
  } catch (error) {
    if (requestStatus(error) === 404) {
      throw new GitHubError(
        `Repository ${repoName(ctx)} does not exist, or this installation cannot see it (HTTP 404).`,
        404,
        { cause: error },
      );
    }
    throw mapRequestError(error, `reading repository ${repoName(ctx)}`);
  }
  const branch = repository.default_branch;
  if (typeof branch !== "string" || branch === "") {
    throw new GitHubError(
      `GitHub named no default branch for ${repoName(ctx)}; pass a ref.`,
      200,
    );
  }
  return branch;
}

async function getCommitSha(
  ctx: GitHubRepoContext,
  ref: string,
): Promise<string> {
  let body: unknown;
  try {
    ({ data: body } = await ctx.api.get(
      (rest) => rest.repos.getCommit,
      { owner: ctx.owner, repo: ctx.repo, ref },
      {
        mediaFormat: "sha",
        immutable: FULL_SHA.test(ref),
        ttlMs: BRANCH_HEAD_TTL_MS,
      },
    ));
  } catch (error) {
    const status = requestStatus(error);
    if (status === 404 || status === 422)
      throw new RefNotFoundError(ref, { cause: error });
    throw mapRequestError(error, `resolving ${JSON.stringify(ref)}`);
  }
  const sha = responseBytes(body).toString("utf8").trim();
  if (!FULL_SHA.test(sha)) {
    throw new GitHubError(
      `GitHub answered ${JSON.stringify(sha.slice(0, 60))} for the commit of ${JSON.stringify(ref)}, not a SHA.`,
      200,
    );
  }
  return sha.toLowerCase();
}
