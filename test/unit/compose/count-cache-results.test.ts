import nock from "nock";
import { Registry } from "prom-client";
import { createResponseCache } from "../../../src/cache/response-cache.js";
import {
  createGitHubApi,
  type RestMethods,
} from "../../../src/code-host/github/github-api.js";
import { countCacheResults } from "../../../src/compose/count-cache-results.js";
import { createGitHubMetrics } from "../../../src/metrics/github-metrics.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { githubFixture } from "../../helpers/nock-github.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const API = "https://api.github.com";
const REPOSITORY = (rest: RestMethods) => rest.repos.get;
const REPO = { owner: "octo-org", repo: "hello-world" };
const ETAG = '"a3f4b6c8e1d2f3a4b5c6d7e8f9a0b1c2"';
const repoBody = githubFixture<object>("repos/hello-world.json");

describe("countCacheResults", () => {
  it("adds each GitHubApi's cache counts to the process-wide counters once, across installations", async () => {
    const registry = new Registry();
    const metrics = createGitHubMetrics(registry);
    const clock = createFakeClock();
    const cache = createResponseCache({ ttlMs: 1000, clock });
    const apiFor = (namespace: string) =>
      countCacheResults(
        createGitHubApi({ octokit: createTestOctokit(), cache, namespace }),
        metrics,
      );
    const one = apiFor("installation:1");
    const two = apiFor("installation:2");
    nock(API)
      .get("/repos/octo-org/hello-world")
      .times(2)
      .reply(200, repoBody, { etag: ETAG })
      .get("/repos/octo-org/hello-world")
      .matchHeader("if-none-match", ETAG)
      .reply(304, "", { etag: ETAG });

    // Installation 1: a miss, then two concurrent hits.
    await one.get(REPOSITORY, REPO);
    await Promise.all([one.get(REPOSITORY, REPO), one.get(REPOSITORY, REPO)]);
    // Installation 2 never shares installation 1's entry: its own miss.
    await two.get(REPOSITORY, REPO);
    // Past the TTL, installation 1 revalidates: a 304.
    clock.advance(1001);
    const revalidated = await one.get(REPOSITORY, REPO);

    expect(revalidated.data).toStrictEqual(repoBody);
    expect(one.stats).toMatchObject({ hits: 2, misses: 1, notModified: 1 });
    expect(
      await metricSamples(registry, "askcode_github_response_cache_total"),
    ).toStrictEqual([
      'askcode_github_response_cache_total{result="hit"} 2',
      'askcode_github_response_cache_total{result="redis_hit"} 0',
      'askcode_github_response_cache_total{result="not_modified"} 1',
      'askcode_github_response_cache_total{result="miss"} 2',
      'askcode_github_response_cache_total{result="stale_on_error"} 0',
    ]);
  });

  it("reports the counts of a read that failed too", async () => {
    const registry = new Registry();
    const clock = createFakeClock();
    const api = countCacheResults(
      createGitHubApi({
        octokit: createTestOctokit({ serverErrorRetries: 0 }),
        cache: createResponseCache({ ttlMs: 1000, clock }),
        namespace: "installation:1",
      }),
      createGitHubMetrics(registry),
    );
    nock(API)
      .get("/repos/octo-org/hello-world")
      .reply(200, repoBody, { etag: ETAG })
      .get("/repos/octo-org/hello-world")
      .reply(502, "Bad Gateway")
      .get("/repos/octo-org/hello-world/contents/missing.txt")
      .reply(404, githubFixture("errors/not-found-contents.json"));

    await api.get(REPOSITORY, REPO);
    clock.advance(1001);
    // GitHub is down: the stale copy is served.
    await api.get(REPOSITORY, REPO);
    await expect(
      api.get((rest) => rest.repos.getContent, {
        ...REPO,
        path: "missing.txt",
      }),
    ).rejects.toMatchObject({ status: 404 });

    expect(
      await metricSamples(registry, "askcode_github_response_cache_total"),
    ).toStrictEqual([
      'askcode_github_response_cache_total{result="hit"} 0',
      'askcode_github_response_cache_total{result="redis_hit"} 0',
      'askcode_github_response_cache_total{result="not_modified"} 0',
      'askcode_github_response_cache_total{result="miss"} 1',
      'askcode_github_response_cache_total{result="stale_on_error"} 1',
    ]);
  });
});
