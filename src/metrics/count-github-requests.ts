import type { Octokit } from "@octokit/core";
import type { GitHubMetrics } from "./github-metrics.js";

/**
 * Counts every request an Octokit sends, by templated route and status. The
 * hook is installed after the throttling and retry plugins, so it wraps them:
 * one count per request askcode made, with the status it finally got (a 304
 * revalidation counts as "304", a network failure as "error").
 *
 * @example
 * countGitHubRequests(octokit, metrics.github);
 * await octokit.request("GET /repos/{owner}/{repo}", { owner, repo });
 * // askcode_github_requests_total{route="GET /repos/{owner}/{repo}",status="200"} 1
 */
export function countGitHubRequests(
  octokit: Pick<Octokit, "hook">,
  metrics: Pick<GitHubMetrics, "request">,
): void {
  octokit.hook.wrap("request", async (request, options) => {
    const route = `${options.method} ${templatedPath(options.url)}`;
    try {
      const response = await request(options);
      metrics.request(route, String(response.status));
      return response;
    } catch (error) {
      // Octokit reports a request that got no response (a reset connection,
      // DNS) as status 500 without a `response`: that is no status of GitHub's.
      const status = (error as { response?: { status?: unknown } }).response
        ?.status;
      metrics.request(
        route,
        typeof status === "number" ? String(status) : "error",
      );
      throw error;
    }
  });
}

/**
 * The route's path as Octokit holds it before expanding it: "/repos/{owner}/{repo}".
 * A caller that passes a whole URL (a pagination `link`) would put repositories
 * and queries in the label, so such a URL is counted as one "(absolute URL)".
 */
function templatedPath(url: string): string {
  if (!url.startsWith("/")) return "(absolute URL)";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}
