import type { Deadline } from "../../shared/deadline.js";
import type { GitHubApi } from "./github-api.js";

/**
 * The one repository a GitHub code host reads, and the cached request layer
 * it reads through. Every request of the read side takes this, never an
 * owner or repository chosen later: a run reads one repository.
 */
export interface GitHubRepoContext {
  api: GitHubApi;
  owner: string;
  repo: string;
  /** The run's deadline, when a run reads (`api` is then bound to it too). */
  deadline?: Deadline;
}

/**
 * "owner/repo", for messages and labels.
 *
 * @example
 * repoName({ owner: "octo-org", repo: "hello-world" }) // "octo-org/hello-world"
 */
export function repoName(ctx: Pick<GitHubRepoContext, "owner" | "repo">) {
  return `${ctx.owner}/${ctx.repo}`;
}
