import nock from "nock";
import { createResponseCache } from "../../../../src/cache/response-cache.js";
import {
  createGitHubApi,
  type RestMethods,
} from "../../../../src/code-host/github/github-api.js";
import { createFakeClock } from "../../../helpers/fake-clock.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";

const REPO = { owner: "octo-org", repo: "hello-world" };
const GET_REPO = (rest: RestMethods) => rest.repos.get;
// GitHub sends strong ETags in double quotes; they must go back verbatim.
const ETAG =
  '"a3f4b6c8e1d2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8"';
const repoBody = {
  id: 1296269,
  full_name: "octo-org/hello-world",
  default_branch: "main",
};

function setup(ttlMs = 60_000) {
  const clock = createFakeClock();
  const cache = createResponseCache({ ttlMs, clock });
  const octokit = createTestOctokit();
  const api = createGitHubApi({ octokit, cache, namespace: "installation:1" });
  return { clock, cache, octokit, api };
}

describe("createGitHubApi", () => {
  it("serves a fresh answer from the cache without a request", async () => {
    const { api } = setup();
    const scope = nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .once()
      .reply(200, repoBody, { etag: ETAG });

    const first = await api.get(GET_REPO, REPO);
    const second = await api.get(GET_REPO, REPO);

    expect(first.data.default_branch).toBe("main");
    expect(second.data).toStrictEqual(first.data);
    expect(api.stats).toMatchObject({
      requests: 1,
      hits: 1,
      misses: 1,
      notModified: 0,
    });
    expect(api.stats.bytes).toBe(Buffer.byteLength(JSON.stringify(repoBody)));
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("revalidates a stale answer with If-None-Match, quotes included, and serves the stored body on 304", async () => {
    const { api, clock } = setup(1000);
    const scope = nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .reply(200, repoBody, { etag: ETAG })
      .get("/repos/octo-org/hello-world")
      .matchHeader("if-none-match", ETAG)
      .reply(304, "", { etag: ETAG });

    await api.get(GET_REPO, REPO);
    clock.advance(1001);
    const revalidated = await api.get(GET_REPO, REPO);

    expect(revalidated.data).toStrictEqual(repoBody);
    expect(revalidated.status).toBe(200);
    expect(api.stats).toMatchObject({
      requests: 2,
      notModified: 1,
      misses: 1,
      hits: 0,
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("replaces a stale answer when GitHub sends a new one", async () => {
    const { api, clock } = setup(1000);
    nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .reply(200, repoBody, { etag: ETAG })
      .get("/repos/octo-org/hello-world")
      .matchHeader("if-none-match", ETAG)
      .reply(200, { ...repoBody, default_branch: "trunk" }, { etag: '"new"' });

    await api.get(GET_REPO, REPO);
    clock.advance(1001);
    const changed = await api.get(GET_REPO, REPO);

    expect(changed.data.default_branch).toBe("trunk");
    expect(api.stats).toMatchObject({ requests: 2, notModified: 0, misses: 2 });
  });

  it("never revalidates an answer addressed by a SHA", async () => {
    const { api, clock } = setup(1000);
    const route = (rest: RestMethods) => rest.git.getTree;
    const params = {
      ...REPO,
      tree_sha: "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
    };
    const scope = nock("https://api.github.com")
      .get(`/repos/octo-org/hello-world/git/trees/${params.tree_sha}`)
      .once()
      .reply(
        200,
        { sha: params.tree_sha, tree: [], truncated: false },
        { etag: ETAG },
      );

    await api.get(route, params, { immutable: true });
    clock.advance(365 * 24 * 3600 * 1000);
    await api.get(route, params, { immutable: true });

    expect(api.stats).toMatchObject({ requests: 1, hits: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps installations apart in a shared cache", async () => {
    const { cache, octokit } = setup();
    const one = createGitHubApi({
      octokit,
      cache,
      namespace: "installation:1",
    });
    const two = createGitHubApi({
      octokit,
      cache,
      namespace: "installation:2",
    });
    const scope = nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .twice()
      .reply(200, repoBody, { etag: ETAG });

    await one.get(GET_REPO, REPO);
    await two.get(GET_REPO, REPO);

    expect(one.stats.requests + two.stats.requests).toBe(2);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("serves the stale answer when revalidation meets a 5xx storm", async () => {
    const { cache, clock } = setup(1000);
    const api = createGitHubApi({
      octokit: createTestOctokit({ serverErrorRetries: 1 }),
      cache,
      namespace: "i:1",
    });
    nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .reply(200, repoBody, { etag: ETAG })
      .get("/repos/octo-org/hello-world")
      .times(2)
      .reply(502, { message: "Server Error" });

    await api.get(GET_REPO, REPO);
    clock.advance(1001);
    const served = await api.get(GET_REPO, REPO);

    expect(served.data).toStrictEqual(repoBody);
    expect(api.stats.staleOnError).toBe(1);
  });

  it("bypasses the cache when asked", async () => {
    const { api } = setup();
    const scope = nock("https://api.github.com")
      .get("/repos/octo-org/hello-world")
      .twice()
      .reply(200, repoBody);

    await api.get(GET_REPO, REPO, { cache: false });
    await api.get(GET_REPO, REPO, { cache: false });

    expect(api.stats).toMatchObject({ requests: 2, misses: 2, hits: 0 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("refuses to cache a streamed body, before any request", async () => {
    const { api } = setup();

    await expect(api.get(GET_REPO, REPO, { stream: true })).rejects.toThrow(
      "GitHubApi.get: a streamed body cannot be cached; pass cache: false with stream: true",
    );
    expect(api.stats.requests).toBe(0);
  });
});
