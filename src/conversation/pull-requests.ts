import type {
  ChangedFile,
  PullRequestFacts,
} from "../code-host/pull-request-facts.js";
export type { ChangedFile, PullRequestFacts };
import type { Deadline } from "../shared/deadline.js";
import type { IssuesOctokit } from "./issue-comments.js";
import { readBy } from "./read-by.js";

/** Reads the pull requests of one repository (the REST API, the installation's rights). */
export interface PullRequests {
  /** The pull request and its changed files; its requests end by `deadline` when given. */
  read(number: number, deadline?: Deadline): Promise<PullRequestFacts>;
  /** The head commit the pull request points at now (one request), to tell whether it moved during a run. */
  headSha(number: number): Promise<string>;
}

// The fields read from GitHub's pull request and pull request file objects.
// https://docs.github.com/en/rest/pulls/pulls#get-a-pull-request
interface RestPullRequest {
  number: number;
  state: string;
  changed_files?: number;
  head: { sha: string; ref: string; repo: { full_name: string } | null };
  base: { sha: string; ref: string };
}

// https://docs.github.com/en/rest/pulls/pulls#list-pull-requests-files
interface RestPullRequestFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
  previous_filename?: string;
  patch?: string;
}

/**
 * Files read per pull request: the list's largest page, three times. GitHub
 * lists at most 3,000; a question about a pull request that large is about
 * its shape, which the first 300 and the total tell.
 */
export const MAX_CHANGED_FILES = 300;
const PAGE = 100;

/**
 * Pull requests through the REST API, for one repository.
 * https://docs.github.com/en/rest/pulls
 *
 * @example
 * const pulls = createPullRequests(octokit, { owner: "octo", repo: "hello" });
 * const pr = await pulls.read(1347);
 * pr.head.sha // "6dcb09b5b57875f334f61aebed695e2e4193db5e": the answer reads the code there
 */
export function createPullRequests(
  octokit: IssuesOctokit,
  repository: { owner: string; repo: string },
): PullRequests {
  const base = { owner: repository.owner, repo: repository.repo };
  const get = async (number: number, deadline?: Deadline) => {
    const read = readBy(octokit, deadline);
    const { data } = await read(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}",
      {
        ...base,
        pull_number: number,
      },
    );
    return { pull: data as RestPullRequest, read };
  };
  return {
    async read(number, deadline) {
      const { pull, read } = await get(number, deadline);
      const total = pull.changed_files ?? 0;
      const pages = Math.min(
        Math.max(1, Math.ceil(total / PAGE)),
        MAX_CHANGED_FILES / PAGE,
      );
      const listed = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          read("GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
            ...base,
            pull_number: number,
            per_page: PAGE,
            page: i + 1,
          }),
        ),
      );
      const files = listed
        .flatMap(({ data }) => data as RestPullRequestFile[])
        .map((f): ChangedFile => ({
          path: f.filename,
          status: f.status,
          additions: f.additions,
          deletions: f.deletions,
          ...(f.previous_filename ? { previousPath: f.previous_filename } : {}),
          ...(f.patch !== undefined ? { patch: f.patch } : {}),
        }));
      return {
        number: pull.number,
        head: {
          sha: pull.head.sha,
          ref: pull.head.ref,
          repository: pull.head.repo?.full_name ?? null,
        },
        base: { ref: pull.base.ref, sha: pull.base.sha },
        state: pull.state,
        files,
        changedFiles: Math.max(total, files.length),
      };
    },
    async headSha(number) {
      return (await get(number)).pull.head.sha;
    },
  };
}
