import { Counter, Histogram, type Registry } from "prom-client";

/**
 * Answers of the response cache, by how they were served (the fields of the
 * code host's `GitHubApiStats` that count cache outcomes; declared here, since
 * metrics/ is a leaf, and matched structurally).
 */
export interface CacheResultCounts {
  hits: number;
  sharedHits: number;
  notModified: number;
  misses: number;
  staleOnError: number;
}

/** How askcode's code reads use GitHub: requests, the response cache, the code-search pacer. */
export interface GitHubMetrics {
  /** One request, by its templated route ("GET /repos/{owner}/{repo}") and final status. */
  request(route: string, status: string): void;
  /** Cache outcomes since the last report, as counted by a `GitHubApi`. */
  cacheResults(delta: CacheResultCounts): void;
  /** How long one code search waited for the pacer before it could start. */
  readonly searchWait: { observe(seconds: number): void };
}

// The pacer lets 9 searches start per sliding minute, and GitHub's reset can
// hold one a minute more: waits run from none to about two minutes.
const SEARCH_WAIT_BUCKETS = [0.05, 0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120];

/**
 * The GitHub metrics, registered on `registry`. Routes are Octokit's
 * templates, never the concrete URL, so one series stands for every
 * repository and path.
 *
 * @example
 * const github = createGitHubMetrics(registry);
 * github.request("GET /repos/{owner}/{repo}/contents/{+path}", "200");
 */
export function createGitHubMetrics(registry: Registry): GitHubMetrics {
  const requests = new Counter({
    name: "askcode_github_requests_total",
    help: "Requests askcode's code reads sent to GitHub, by templated route and final status (after retries).",
    labelNames: ["route", "status"] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: "askcode_github_response_cache_total",
    help: "GitHub reads by how the response cache answered: hit (no request), redis_hit (no request, another replica's answer from Redis), not_modified (a 304 revalidated it), miss (a full response), stale_on_error (revalidation failed, the stale copy served).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const searchWait = new Histogram({
    name: "askcode_code_search_wait_seconds",
    help: "Time a code search waited for askcode's code-search pacer before it started.",
    buckets: SEARCH_WAIT_BUCKETS,
    registers: [registry],
  });
  // Zero series for every result, so a hit ratio is defined before the first hit.
  for (const result of [
    "hit",
    "redis_hit",
    "not_modified",
    "miss",
    "stale_on_error",
  ])
    cache.inc({ result }, 0);
  return {
    request: (route, status) => requests.inc({ route, status }),
    cacheResults: (delta) => {
      if (delta.hits > 0) cache.inc({ result: "hit" }, delta.hits);
      if (delta.sharedHits > 0)
        cache.inc({ result: "redis_hit" }, delta.sharedHits);
      if (delta.notModified > 0)
        cache.inc({ result: "not_modified" }, delta.notModified);
      if (delta.misses > 0) cache.inc({ result: "miss" }, delta.misses);
      if (delta.staleOnError > 0)
        cache.inc({ result: "stale_on_error" }, delta.staleOnError);
    },
    searchWait,
  };
}
