import { listGitHubTree } from "../../../../src/code-host/github/list-tree.js";
import { readGitHubFile } from "../../../../src/code-host/github/read-file.js";
import { resolveGitHubRef } from "../../../../src/code-host/github/resolve-ref.js";
import { GitHubError, RateLimitError } from "../../../../src/shared/errors.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  nockGetCommitSha,
  nockGetContent,
  nockGetTree,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;
const REQUEST_ID = "0400:1F2E3D:4C5B6A:7988A7:65A1B2C3";

// GitHub's reset is in epoch seconds; one second ahead keeps the throttle's wait short.
function primaryLimitHeaders() {
  const reset = Math.floor(Date.now() / 1000) + 1;
  return {
    "x-ratelimit-remaining": "0",
    "x-ratelimit-used": "5000",
    "x-ratelimit-reset": String(reset),
  };
}

describe("GitHub faults on the read side (production throttling and retry, waits shrunk)", () => {
  describe("primary rate limit (403, x-ratelimit-remaining: 0)", () => {
    it("waits for the reset and retries", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetContent({
        path: "src/retry.ts",
        status: 403,
        body: "errors/primary-rate-limit.json",
        headers: primaryLimitHeaders(),
      });
      nockGetContent(
        { path: "src/retry.ts", body: "contents/file-retry.json" },
        scope,
      );

      await expect(
        readGitHubFile(ctx, SHA, "src/retry.ts"),
      ).resolves.toMatchObject({ kind: "text" });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("fails with RateLimitError, saying when it resets, after the first try and two retries", async () => {
      const ctx = createTestRepoContext();
      const headers = primaryLimitHeaders();
      const scope = nockGetContent({
        path: "src/retry.ts",
        status: 403,
        body: "errors/primary-rate-limit.json",
        headers,
        times: 3,
      });

      const error = await readGitHubFile(ctx, SHA, "src/retry.ts").catch(
        (e: unknown) => e,
      );

      const resetAt = Number(headers["x-ratelimit-reset"]) * 1000;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({
        status: 403,
        resetAt,
        requestId: REQUEST_ID,
        message:
          `GitHub's rate limit stopped reading src/retry.ts at ${SHA} (HTTP 403) after askcode's retries. ` +
          `It resets at ${new Date(resetAt).toISOString()}.`,
      });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });
  });

  describe("secondary rate limit", () => {
    it("honours retry-after on a 403 and retries", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetTree({
        status: 403,
        body: "errors/secondary-rate-limit-403.json",
        headers: { "retry-after": "30" },
      });
      nockGetTree({}, scope);

      await expect(listGitHubTree(ctx, SHA)).resolves.toMatchObject({
        truncated: false,
      });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("retries a 429 without retry-after after the fallback wait", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetTree({
        status: 429,
        body: "errors/secondary-rate-limit-429.json",
      });
      nockGetTree({}, scope);

      await expect(listGitHubTree(ctx, SHA)).resolves.toMatchObject({
        truncated: false,
      });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("fails with RateLimitError when it outlasts the retries (403 with retry-after)", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetContent({
        path: "README.md",
        status: 403,
        body: "errors/secondary-rate-limit-403.json",
        headers: { "retry-after": "60" },
        times: 3,
      });

      const error = await readGitHubFile(ctx, SHA, "README.md").catch(
        (e: unknown) => e,
      );

      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 403, requestId: REQUEST_ID });
      expect((error as Error).message).toMatch(
        `GitHub's rate limit stopped reading README.md at ${SHA} (HTTP 403) after askcode's retries.`,
      );
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("fails with RateLimitError when a 429 without retry-after persists", async () => {
      const ctx = createTestRepoContext();
      // Three requests, exactly (a fourth would find no mock and fail): the
      // throttling plugin's first try and its two retries. 429 is in
      // create-octokit's doNotRetry list, so plugin-retry does not start over.
      const scope = nockGetTree({
        status: 429,
        body: "errors/secondary-rate-limit-429.json",
        times: 3,
      });

      const error = await listGitHubTree(ctx, SHA).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429 });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("does not wait at all when retry-after is longer than askcode accepts", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetContent({
        path: "README.md",
        status: 403,
        body: "errors/secondary-rate-limit-403.json",
        headers: { "retry-after": "3600" },
      });

      await expect(
        readGitHubFile(ctx, SHA, "README.md"),
      ).rejects.toBeInstanceOf(RateLimitError);
      expect(scope.pendingMocks()).toStrictEqual([]);
    });
  });

  describe("a 502 storm", () => {
    it("is retried with backoff, and a read succeeds when it passes", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetContent({
        path: "README.md",
        status: 502,
        body: "errors/server-error-502.json",
        times: 2,
      });
      nockGetContent(
        { path: "README.md", body: "contents/file-readme.json" },
        scope,
      );

      await expect(
        readGitHubFile(ctx, SHA, "README.md"),
      ).resolves.toMatchObject({ kind: "text" });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("that outlasts the retries fails with GitHubError 502 after the first try and three retries", async () => {
      const ctx = createTestRepoContext();
      const scope = nockGetContent({
        path: "README.md",
        status: 502,
        body: "errors/server-error-502.json",
        times: 4,
      });

      const error = await readGitHubFile(ctx, SHA, "README.md").catch(
        (e: unknown) => e,
      );

      expect(error).toBeInstanceOf(GitHubError);
      expect(error).not.toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({
        status: 502,
        requestId: REQUEST_ID,
        message: `GitHub failed reading README.md at ${SHA} with HTTP 502, and kept failing after askcode's retries.`,
      });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("fails ref resolution and the tree the same way", async () => {
      const ctx = createTestRepoContext({ serverErrorRetries: 1 });
      const scope = nockGetCommitSha({
        ref: "main",
        status: 502,
        body: "errors/server-error-502.json",
        times: 2,
      });
      nockGetTree(
        { status: 502, body: "errors/server-error-502.json", times: 2 },
        scope,
      );

      await expect(resolveGitHubRef(ctx, "main")).rejects.toMatchObject({
        status: 502,
        message: `GitHub failed resolving "main" with HTTP 502, and kept failing after askcode's retries.`,
      });
      await expect(listGitHubTree(ctx, SHA)).rejects.toMatchObject({
        status: 502,
        message: `GitHub failed listing the tree of ${SHA} with HTTP 502, and kept failing after askcode's retries.`,
      });
      expect(scope.pendingMocks()).toStrictEqual([]);
    });
  });
});
