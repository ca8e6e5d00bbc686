import type { ResponseCache } from "../cache/response-cache.js";
import { countCacheResults } from "./count-cache-results.js";
import { countGitHubRequests } from "../metrics/count-github-requests.js";
import type { GitHubMetrics } from "../metrics/github-metrics.js";
import type { CodeHost } from "../code-host/code-host.js";
import type { AskcodeOctokit } from "../code-host/github/create-octokit.js";
import { createGitHubApi } from "../code-host/github/github-api.js";
import {
  createGitHubCodeHost,
  type GitHubCodeHostOptions,
} from "../code-host/github/github-code-host.js";
import type { KeptTextStore } from "../code-host/github/kept-text-store.js";
import type { SearchPacer } from "../code-host/github/search-pacer.js";
import type { SnapshotCache } from "../code-host/github/snapshot-cache.js";

export interface InstallationCodeHostOptions {
  /** The installation's own Octokit for code reads (`createOctokit`, its token). */
  octokit: AskcodeOctokit;
  /** `installation:<id>`: the key every cache and the search budget use. */
  namespace: string;
  owner: string;
  repo: string;
  /** What the process shares across every question: caches and the code-search budget. */
  shared: {
    responseCache: ResponseCache;
    snapshotCache: SnapshotCache;
    pacer: SearchPacer;
    metrics: GitHubMetrics;
    /** Kept file text on disk by blob SHA; without it every new commit is one tarball. */
    texts?: KeptTextStore;
  };
  limits: { maxFileBytes: number; snapshotMaxBytes: number };
  log?: GitHubCodeHostOptions["log"];
}

/**
 * The code host a question of one installation reads through, put together
 * the one way production does (`src/index.ts`) and the benchmarks measure it:
 * every request counted, the process's response cache under the
 * installation's namespace, its snapshots and its code-search budget.
 *
 * @example
 * const host = createInstallationCodeHost({ octokit, namespace: "installation:42", owner, repo, shared, limits });
 */
export function createInstallationCodeHost(
  options: InstallationCodeHostOptions,
): CodeHost {
  const { octokit, namespace, shared } = options;
  countGitHubRequests(octokit, shared.metrics);
  const api = countCacheResults(
    createGitHubApi({ octokit, cache: shared.responseCache, namespace }),
    shared.metrics,
  );
  return createGitHubCodeHost({
    api,
    owner: options.owner,
    repo: options.repo,
    limits: { maxFileBytes: options.limits.maxFileBytes },
    snapshot: {
      maxBytes: options.limits.snapshotMaxBytes,
      cache: shared.snapshotCache,
      namespace,
      ...(shared.texts ? { texts: shared.texts } : {}),
    },
    search: { pacer: shared.pacer, paceKey: namespace },
    // Blame has no REST route: the history of lines is read through GraphQL.
    graphql: (query, parameters) => octokit.graphql(query, parameters),
    ...(options.log ? { log: options.log } : {}),
  });
}
