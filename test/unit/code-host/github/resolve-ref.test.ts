import nock from "nock";
import { resolveGitHubRef } from "../../../../src/code-host/github/resolve-ref.js";
import {
  EmptyRepositoryError,
  GitHubError,
  RefNotFoundError,
} from "../../../../src/shared/errors.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  GITHUB_API,
  HELLO_WORLD,
  nockGetCommitSha,
  nockGetRepository,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

describe("resolveGitHubRef", () => {
  it("resolves the default branch when no ref is given: the repository, then the branch head", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetRepository();
    nockGetCommitSha({ ref: "main" }, scope);

    await expect(resolveGitHubRef(ctx)).resolves.toStrictEqual({
      sha: SHA,
      ref: "main",
      defaultBranch: "main",
    });
    expect(ctx.api.stats.requests).toBe(2);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("serves a second resolution from the cache, and revalidates the branch head with its ETag after a minute", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetCommitSha({ ref: "main" });
    scope
      .get("/repos/octo-org/hello-world/commits/main")
      .matchHeader("if-none-match", `"${SHA}"`)
      .reply(304, "", { etag: `"${SHA}"` });

    await resolveGitHubRef(ctx, "main");
    await resolveGitHubRef(ctx, "main");
    ctx.clock.advance(60_001);
    const again = await resolveGitHubRef(ctx, "main");

    expect(again.sha).toBe(SHA);
    expect(ctx.api.stats).toMatchObject({
      requests: 2,
      hits: 1,
      notModified: 1,
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps the slashes of a branch name and encodes what is not URL-safe", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetCommitSha({ ref: "feature/%C3%BCber%23fix" });

    await expect(
      resolveGitHubRef(ctx, "feature/über#fix"),
    ).resolves.toStrictEqual({
      sha: SHA,
      ref: "feature/über#fix",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("verifies a full SHA once and never asks again", async () => {
    const ctx = createTestRepoContext({ ttlMs: 1000 });
    const scope = nockGetCommitSha({ ref: SHA });

    await resolveGitHubRef(ctx, SHA);
    ctx.clock.advance(365 * 24 * 3600 * 1000);
    await expect(resolveGitHubRef(ctx, SHA)).resolves.toStrictEqual({
      sha: SHA,
      ref: SHA,
    });

    expect(ctx.api.stats).toMatchObject({ requests: 1, hits: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws RefNotFoundError for a ref GitHub has no commit for (422)", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetCommitSha({
      ref: "release/9.9",
      status: 422,
      body: "errors/no-commit-found.json",
    });

    const error = await resolveGitHubRef(ctx, "release/9.9").catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(RefNotFoundError);
    expect((error as Error).message).toBe(
      'No branch, tag or commit named "release/9.9" in this repository.',
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws RefNotFoundError for a full SHA that is not a commit here (404)", async () => {
    const ctx = createTestRepoContext();
    const missing = "0000000000000000000000000000000000000bad";
    const scope = nockGetCommitSha({
      ref: missing,
      status: 404,
      body: "errors/not-found-contents.json",
    });

    await expect(resolveGitHubRef(ctx, missing)).rejects.toBeInstanceOf(
      RefNotFoundError,
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws EmptyRepositoryError when the repository has no commits (409), without retrying", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetRepository();
    nockGetCommitSha(
      { ref: "main", status: 409, body: "errors/empty-repository.json" },
      scope,
    );

    await expect(resolveGitHubRef(ctx)).rejects.toBeInstanceOf(
      EmptyRepositoryError,
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says so when the repository itself is missing or hidden (404)", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetRepository({
      status: 404,
      body: "errors/not-found-repository.json",
    });

    const error = await resolveGitHubRef(ctx).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GitHubError);
    expect(error).toMatchObject({
      status: 404,
      message:
        "Repository octo-org/hello-world does not exist, or this installation cannot see it (HTTP 404).",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it.each([
    "../../../user",
    "main/../../x",
    "a b",
    "a..b",
    ".hidden",
    "x@{1}",
    "ends/",
    "a\0b",
  ])("refuses the impossible ref %j before any request", async (ref) => {
    const ctx = createTestRepoContext();

    await expect(resolveGitHubRef(ctx, ref)).rejects.toBeInstanceOf(
      RefNotFoundError,
    );
    expect(ctx.api.stats.requests).toBe(0);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("accepts an ArrayBuffer body for the sha media type", async () => {
    const ctx = createTestRepoContext();
    const scope = nock(GITHUB_API)
      .get("/repos/octo-org/hello-world/commits/v1.0.0")
      .reply(200, Buffer.from(`${SHA}\n`), {
        "content-type": "application/vnd.github.v3.sha",
      });

    await expect(resolveGitHubRef(ctx, "v1.0.0")).resolves.toStrictEqual({
      sha: SHA,
      ref: "v1.0.0",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
