import { createResponseCache } from "../../src/cache/response-cache.js";
import { createGitHubApi } from "../../src/code-host/github/github-api.js";
import type { GitHubRepoContext } from "../../src/code-host/github/repo-context.js";
import { createFakeClock, type FakeClock } from "./fake-clock.js";
import { HELLO_WORLD } from "./nock-github.js";
import { createTestOctokit } from "./test-octokit.js";

/**
 * The test repository behind the real request layer: production Octokit
 * (throttling and retry, waits shrunk), a fresh response cache on a fake
 * clock, and the `octo-org/hello-world` of test/fixtures/github.
 */
export function createTestRepoContext(
  overrides: {
    serverErrorRetries?: number;
    maxRateLimitRetries?: number;
    ttlMs?: number;
  } = {},
): GitHubRepoContext & { clock: FakeClock } {
  const clock = createFakeClock();
  const cache = createResponseCache({
    ttlMs: overrides.ttlMs ?? 60_000,
    clock,
  });
  const octokit = createTestOctokit(overrides);
  const api = createGitHubApi({ octokit, cache, namespace: "installation:1" });
  return { api, owner: HELLO_WORLD.owner, repo: HELLO_WORLD.repo, clock };
}
