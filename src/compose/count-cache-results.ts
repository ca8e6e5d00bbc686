import type {
  GetOptions,
  GitHubApi,
  GitHubApiStats,
} from "../code-host/github/github-api.js";
import type {
  CacheResultCounts,
  GitHubMetrics,
} from "../metrics/github-metrics.js";

/**
 * A `GitHubApi` that reports its cache counts to the metrics. The counts stay
 * where they are kept (`api.stats`); after each read the growth since the last
 * report is added to the process-wide counters, so every count is added once
 * however the reads interleave, and nothing outlives the installation's run.
 *
 * @example
 * const api = countCacheResults(createGitHubApi({ octokit, cache, namespace }), metrics.github);
 */
export function countCacheResults(
  api: GitHubApi,
  metrics: Pick<GitHubMetrics, "cacheResults">,
): GitHubApi {
  let reported: CacheResultCounts = counts(api.stats);
  const report = () => {
    const now = counts(api.stats);
    metrics.cacheResults({
      hits: now.hits - reported.hits,
      sharedHits: now.sharedHits - reported.sharedHits,
      notModified: now.notModified - reported.notModified,
      misses: now.misses - reported.misses,
      staleOnError: now.staleOnError - reported.staleOnError,
    });
    reported = now;
  };
  return {
    get stats() {
      return api.stats;
    },
    async get(pick, params, options?: GetOptions) {
      try {
        return await api.get(pick, params, options);
      } finally {
        report();
      }
    },
  };
}

function counts(stats: Readonly<GitHubApiStats>): CacheResultCounts {
  const { hits, sharedHits, notModified, misses, staleOnError } = stats;
  return { hits, sharedHits, notModified, misses, staleOnError };
}
