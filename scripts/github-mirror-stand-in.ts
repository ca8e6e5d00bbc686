import type { Clock } from "../src/shared/clock.js";
import type { CodeSearchServed } from "./code-search-limit.js";
import { createRepositoryRoutes } from "./github-repository-routes.js";
import { startRouteServer, type RouteTraffic } from "./route-server.js";

export interface MirrorStandIn {
  /** The REST root to give Octokit (`http://127.0.0.1:<port>/api/v3`, as on GitHub Enterprise Server). */
  apiUrl: string;
  /** An installation token: code search's limit is counted per token. */
  token: string;
  /** Moves the default branch: code search then answers for `sha`, as GitHub's index of the head does. */
  setDefaultHead(sha: string): void;
  /** Requests, response bytes and serving time per route, since the start. */
  traffic: Map<string, RouteTraffic>;
  codeSearches: CodeSearchServed[];
  close(): Promise<void>;
}

/**
 * A GitHub stand-in over a git mirror, for the SWE-bench harness's github
 * mode: every commit the mirror holds is served by its SHA
 * (`createRepositoryRoutes`), code search answers for the commit set as the
 * default branch's head, under GitHub's 10-a-minute limit counted on `clock`.
 *
 * @example
 * const github = await startMirrorStandIn({ gitDir: "/srv/mirrors/psf+requests/repo", owner: "psf", repo: "requests", clock });
 * github.setDefaultHead(instance.base_commit);
 * const octokit = createOctokit({ id: "installation:1", auth: github.token, baseUrl: github.apiUrl });
 */
export async function startMirrorStandIn(options: {
  gitDir: string;
  owner: string;
  repo: string;
  clock: Clock;
  codeSearchesPerMinute?: number;
}): Promise<MirrorStandIn> {
  let head = "";
  let origin = "";
  let served = 0;
  const repository = createRepositoryRoutes({
    ...options,
    defaultHead: () => {
      if (!head)
        throw new Error("No default branch head: call setDefaultHead first.");
      return head;
    },
    origin: () => origin,
    codeSearch: "git-grep",
    requestId: () => `STANDIN:${served}`,
  });
  const server = await startRouteServer({
    routes: () => repository.routes,
    before: async () => {
      served++;
    },
  });
  origin = server.origin;
  return {
    apiUrl: `${origin}/api/v3`,
    token: `ghs_standIn${"1".padStart(29, "0")}`,
    setDefaultHead: (sha) => {
      head = sha;
    },
    traffic: server.traffic,
    codeSearches: repository.codeSearches,
    close: () => server.close(),
  };
}
