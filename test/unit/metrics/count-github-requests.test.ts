import nock from "nock";
import { Registry } from "prom-client";
import { countGitHubRequests } from "../../../src/metrics/count-github-requests.js";
import { createGitHubMetrics } from "../../../src/metrics/github-metrics.js";
import { githubFixture } from "../../helpers/nock-github.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const API = "https://api.github.com";
const REPO = { owner: "octo-org", repo: "hello-world" };

describe("countGitHubRequests", () => {
  it("counts each request once by templated route and final status, never by its concrete URL", async () => {
    const registry = new Registry();
    const octokit = createTestOctokit({ serverErrorRetries: 1 });
    countGitHubRequests(octokit, createGitHubMetrics(registry));
    const notFound = githubFixture<object>("errors/not-found-contents.json");
    const scope = nock(API)
      .get("/repos/octo-org/hello-world/contents/src/a.ts")
      .reply(200, { type: "file", path: "src/a.ts" })
      .get("/repos/octo-org/hello-world/contents/docs/b.md")
      .reply(200, { type: "file", path: "docs/b.md" })
      .get("/repos/octo-org/hello-world/contents/missing.txt")
      .reply(404, notFound)
      // A 502 the retry plugin retries: one request for us, ending in 200.
      .get("/repos/octo-org/hello-world")
      .reply(502, "Bad Gateway")
      .get("/repos/octo-org/hello-world")
      .reply(200, { id: 1296269, default_branch: "main" })
      .get("/repos/octo-org/hello-world")
      .matchHeader("if-none-match", '"etag-1"')
      .reply(304, "");
    const contents = "GET /repos/{owner}/{repo}/contents/{+path}";

    await octokit.request(contents, { ...REPO, path: "src/a.ts" });
    await octokit.request(contents, { ...REPO, path: "docs/b.md" });
    await expect(
      octokit.request(contents, { ...REPO, path: "missing.txt" }),
    ).rejects.toMatchObject({ status: 404 });
    await octokit.request("GET /repos/{owner}/{repo}", REPO);
    await expect(
      octokit.request("GET /repos/{owner}/{repo}", {
        ...REPO,
        headers: { "if-none-match": '"etag-1"' },
      }),
    ).rejects.toMatchObject({ status: 304 });

    expect(scope.pendingMocks()).toStrictEqual([]);
    expect(
      await metricSamples(registry, "askcode_github_requests_total"),
    ).toStrictEqual([
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}/contents/{+path}",status="200"} 2',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}/contents/{+path}",status="404"} 1',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}",status="200"} 1',
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}",status="304"} 1',
    ]);
  });

  it("counts a request that never got a response as status error, and a whole URL as one route", async () => {
    const registry = new Registry();
    const octokit = createTestOctokit({ serverErrorRetries: 0 });
    countGitHubRequests(octokit, createGitHubMetrics(registry));
    nock(API)
      .get("/repos/octo-org/hello-world")
      .replyWithError("socket hang up")
      .get("/search/code")
      .query({ q: "retry repo:octo-org/hello-world", page: "2" })
      .reply(200, githubFixture("search/no-results.json"));

    await expect(
      octokit.request("GET /repos/{owner}/{repo}", REPO),
    ).rejects.toThrow("socket hang up");
    // A pagination `link` is a whole URL, with the repository in its query.
    await octokit.request(
      "GET https://api.github.com/search/code?q=retry+repo%3Aocto-org%2Fhello-world&page=2",
    );

    expect(
      await metricSamples(registry, "askcode_github_requests_total"),
    ).toStrictEqual([
      'askcode_github_requests_total{route="GET /repos/{owner}/{repo}",status="error"} 1',
      'askcode_github_requests_total{route="GET (absolute URL)",status="200"} 1',
    ]);
  });
});
