import {
  createOctokit,
  type CreateOctokitOptions,
} from "../code-host/github/create-octokit.js";
import { createGitHubApi } from "../code-host/github/github-api.js";
import { createGitHubIssueSearch } from "../code-host/github/search-issues.js";
import { openConversation } from "../conversation/open-conversation.js";
import type { QuestionOctokit } from "../conversation/question-octokit.js";
import type { ThreadCommentsOptions } from "../conversation/thread-comments.js";
import type { QuestionJob } from "../question/question-job.js";
import type { InstallationClients } from "../run/run-question-deps.js";
import {
  createInstallationCodeHost,
  type InstallationCodeHostOptions,
} from "./create-installation-code-host.js";

export interface InstallationClientsOptions {
  /** The installation's Octokit for the conversation's reads and writes (Probot's, in the app). */
  installation: QuestionOctokit;
  /** The installation's token, for askcode's own Octokit. */
  token: string;
  /** How askcode's own Octokit reaches GitHub: the API root, its logger, retry waits, fetch. */
  octokit: Omit<CreateOctokitOptions, "id" | "auth">;
  /** Who askcode is in the thread, the 👎 it counts, the secrets it never posts. */
  conversation?: ThreadCommentsOptions;
  /** What the process shares across every question: caches and the code-search budget. */
  shared: InstallationCodeHostOptions["shared"];
  limits: InstallationCodeHostOptions["limits"];
  log: InstallationCodeHostOptions["log"];
}

/**
 * The clients a question of one installation runs with, put together the
 * one way the app (`src/index.ts`) and the soak benchmark do: the
 * conversation on the installation's Octokit, and the code read through
 * askcode's own Octokit (its rate-limit policy, its cache, keyed per
 * installation) on the installation's token, and the repository's issue
 * search on the same Octokit (its `/search/` pacing is per installation).
 *
 * @example
 * const clients = createInstallationClients(job, { installation, token, octokit: { baseUrl }, shared, limits: operator, log });
 */
export function createInstallationClients(
  job: QuestionJob,
  options: InstallationClientsOptions,
): InstallationClients {
  const namespace = `installation:${job.installationId}`;
  const octokit = createOctokit({
    id: namespace,
    auth: options.token,
    ...options.octokit,
  });
  return {
    conversation: openConversation(
      options.installation,
      job,
      options.conversation,
    ),
    codeHost: createInstallationCodeHost({
      octokit,
      namespace,
      owner: job.owner,
      repo: job.repo,
      shared: options.shared,
      limits: options.limits,
      log: options.log,
    }),
    issues: createGitHubIssueSearch({
      // Search pages are never cached; the API is only the request layer here.
      api: createGitHubApi({
        octokit,
        cache: options.shared.responseCache,
        namespace,
      }),
      owner: job.owner,
      repo: job.repo,
    }),
  };
}
