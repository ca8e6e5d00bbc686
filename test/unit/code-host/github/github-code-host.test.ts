import nock from "nock";
import { createGitHubCodeHost } from "../../../../src/code-host/github/github-code-host.js";
import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createSnapshotCache } from "../../../../src/code-host/github/snapshot-cache.js";
import type { SnapshotLog } from "../../../../src/code-host/github/snapshot-reader.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";
import { helloWorldTarball } from "../../../helpers/build-tarball.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  CODELOAD,
  HELLO_WORLD,
  githubFixture,
  nockCodeload,
  nockGetCommitSha,
  nockGetContent,
  nockGetRepository,
  nockGetTree,
  nockSearchCode,
  nockTarball,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

function setup(
  snapshot: Parameters<typeof createGitHubCodeHost>[0]["snapshot"] = {},
) {
  const ctx = createTestRepoContext();
  const messages: string[] = [];
  const log: SnapshotLog = {
    info: (message) => messages.push(`info: ${message}`),
    warn: (message) => messages.push(`warn: ${message}`),
  };
  const host = createGitHubCodeHost({
    api: ctx.api,
    owner: ctx.owner,
    repo: ctx.repo,
    snapshot,
    search: {
      pacer: createSearchPacer({ clock: ctx.clock }),
      paceKey: "installation:1",
    },
    log,
  });
  return { ctx, host, messages };
}

describe("createGitHubCodeHost", () => {
  it("names its repository and resolves refs", async () => {
    const { host } = setup();
    const scope = nockGetRepository();
    nockGetCommitSha({ ref: "main" }, scope);

    expect(host.label).toBe("github:octo-org/hello-world");
    await expect(host.resolveRef()).resolves.toStrictEqual({
      sha: SHA,
      ref: "main",
      defaultBranch: "main",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  describe('snapshot "auto" on a small repository', () => {
    it("loads the tarball on the first read and answers every read, listing and search after from memory", async () => {
      const { ctx, host } = setup();
      nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() });
      const reader = host.at(SHA);

      const readme = await reader.readFile("README.md");
      const afterFirstRead = ctx.api.stats.requests;
      const range = await reader.readFile("src/retry.ts", {
        startLine: 14,
        endLine: 14,
      });
      const link = await reader.readFile("docs/latest.md");
      const submodule = await reader.readFile("vendor/octicons");
      const missing = await reader.readFile("src/gone.ts");
      const src = await reader.listDirectory("src");
      const tree = await reader.listTree();
      const search = await reader.searchCode({ query: "isRetryable" });

      expect(afterFirstRead).toBe(2); // the tree, then the tarball
      expect(ctx.api.stats.requests).toBe(2);
      expect(readme).toMatchObject({
        kind: "text",
        text: "# hello-world\n\nA small repository that askcode's tests read.",
      });
      expect(readme).toMatchObject({
        blobSha: githubFixture<{ sha: string }>("contents/file-readme.json")
          .sha,
      });
      expect(range).toMatchObject({
        text: "export async function retry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {",
      });
      expect(link).toMatchObject({ kind: "symlink", target: "../README.md" });
      expect(submodule).toMatchObject({
        kind: "submodule",
        commit: "3f786850e387550fdab836ed7e6dc881de23001b",
      });
      expect(missing).toMatchObject({
        kind: "missing",
        note: `No such file at ${SHA}: src/gone.ts.`,
      });
      expect(src.entries.map((entry) => entry.path)).toStrictEqual([
        "src/lib",
        "src/retry.ts",
      ]);
      expect(tree.entries).toHaveLength(10);
      expect(search.mode).toBe("pattern");
      expect(search.hits.map((hit) => [hit.path, hit.line])).toStrictEqual([
        ["src/retry.ts", 27],
        ["src/retry.ts", 20],
      ]);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("shares one load between concurrent first calls", async () => {
      const { ctx, host } = setup();
      nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() });
      const reader = host.at(SHA);

      const results = await Promise.all([
        reader.readFile("README.md"),
        reader.readFile("src/retry.ts"),
        reader.listDirectory("docs"),
        reader.searchCode({ query: "backoff" }),
        host.at(SHA).readFile("src/lib/backoff.ts"),
      ]);

      expect(results).toHaveLength(5);
      expect(ctx.api.stats.requests).toBe(2);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("answers a second question on the same commit with no request at all", async () => {
      const ctx = createTestRepoContext();
      const snapshots = createSnapshotCache();
      const hostFor = () =>
        createGitHubCodeHost({
          api: ctx.api,
          owner: ctx.owner,
          repo: ctx.repo,
          snapshot: { cache: snapshots, namespace: "installation:1" },
        });
      nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() });

      await hostFor().at(SHA).readFile("README.md");
      const before = ctx.api.stats.requests;
      const again = await hostFor().at(SHA).searchCode({ query: "backoff" });

      expect(before).toBe(2);
      expect(again.hits.length).toBeGreaterThan(0);
      expect(ctx.api.stats.requests).toBe(2);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("reads a file the snapshot does not keep (an image) through the API", async () => {
      const { ctx, host } = setup();
      const scope = nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() }, scope);
      nockGetContent(
        { path: "docs/logo.png", body: "contents/file-binary.json" },
        scope,
      );
      const reader = host.at(SHA);

      const readme = await reader.readFile("README.md");
      const binary = await reader.readFile("docs/logo.png");

      expect(readme).toMatchObject({ kind: "text" });
      expect(binary).toMatchObject({ kind: "binary", size: 70 });
      expect(ctx.api.stats.requests).toBe(3);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("cuts a file it keeps at the read limit, as the API does", async () => {
      const ctx = createTestRepoContext();
      const host = createGitHubCodeHost({
        api: ctx.api,
        owner: ctx.owner,
        repo: ctx.repo,
        limits: { maxFileBytes: 100 },
      });
      const scope = nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() }, scope);

      const file = await host.at(SHA).readFile("src/retry.ts");

      expect(file).toMatchObject({ kind: "text", truncated: true });
      expect(ctx.api.stats.requests).toBe(2);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });
  });

  describe("when a snapshot does not pay", () => {
    it("reads through the API when the archive would be over the cap, and says why", async () => {
      const { ctx, host, messages } = setup({ maxBytes: 1024 });
      const scope = nockGetTree();
      nockGetContent(
        { path: "README.md", body: "contents/file-readme.json" },
        scope,
      );
      nockGetContent({ path: "src", body: "contents/dir-src.json" }, scope);

      const readme = await host.at(SHA).readFile("README.md");
      const src = await host.at(SHA).listDirectory("src");

      expect(readme).toMatchObject({ kind: "text" });
      expect(src.entries).toHaveLength(2);
      expect(ctx.api.stats.requests).toBe(3);
      expect(messages).toStrictEqual([
        "info: No snapshot of octo-org/hello-world@7fd1a60: The repository holds about 1.1 KB of text retrieval reads, over the 1 KB snapshot cap; reading through the API.",
        "info: No snapshot of octo-org/hello-world@7fd1a60: The repository holds about 1.1 KB of text retrieval reads, over the 1 KB snapshot cap; reading through the API.",
      ]);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("reads through the API when GitHub truncated the tree", async () => {
      const { host, messages } = setup();
      const scope = nockGetTree({ body: "trees/hello-world-truncated.json" });
      nockGetContent(
        { path: "README.md", body: "contents/file-readme.json" },
        scope,
      );

      await expect(host.at(SHA).readFile("README.md")).resolves.toMatchObject({
        kind: "text",
      });
      expect(messages[0]).toMatch(/GitHub cut the tree/);
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("falls back to the API, with a logged warning, when the snapshot fails to load", async () => {
      const { ctx, host, messages } = setup({ mode: "always", maxBytes: 1024 });
      const scope = nockGetTree();
      nockTarball({ gzip: await helloWorldTarball() }, scope);
      nockGetContent(
        { path: "README.md", body: "contents/file-readme.json" },
        scope,
      );

      const readme = await host.at(SHA).readFile("README.md");

      expect(readme).toMatchObject({ kind: "text" });
      expect(messages).toStrictEqual([
        "warn: Snapshot of octo-org/hello-world@7fd1a60 failed: The snapshot tarball:octo-org/hello-world@7fd1a60 " +
          "holds more than 1 KB of text retrieval reads, the snapshot cap. Reading through the API instead.",
      ]);
      expect(ctx.api.stats.requests).toBe(3);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it("falls back to the API when the download keeps failing (a 502 storm at codeload)", async () => {
      const { host, messages } = setup();
      const scope = nockGetTree();
      scope
        .get(`/repos/octo-org/hello-world/tarball/${SHA}`)
        .times(4)
        .reply(302, "", {
          location: `${CODELOAD}/octo-org/hello-world/legacy.tar.gz/${SHA}`,
        });
      nockCodeload()
        .get(`/octo-org/hello-world/legacy.tar.gz/${SHA}`)
        .times(4)
        .reply(502, "Bad Gateway");
      nockGetContent(
        { path: "README.md", body: "contents/file-readme.json" },
        scope,
      );

      await expect(host.at(SHA).readFile("README.md")).resolves.toMatchObject({
        kind: "text",
      });
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(
        /^warn: Snapshot of octo-org\/hello-world@7fd1a60 failed: GitHub failed downloading the archive/,
      );
      expect(nock.pendingMocks()).toStrictEqual([]);
    });

    it('never lists the tree or downloads with mode "never"', async () => {
      const { ctx, host } = setup({ mode: "never" });
      const scope = nockGetContent({
        path: "README.md",
        body: "contents/file-readme.json",
      });

      await expect(host.at(SHA).readFile("README.md")).resolves.toMatchObject({
        kind: "text",
      });
      expect(ctx.api.stats.requests).toBe(1);
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("refuses a bad path before any request, snapshot or not", async () => {
      const { ctx, host } = setup();
      const reader = host.at(SHA);

      await expect(reader.readFile("../../etc/passwd")).rejects.toBeInstanceOf(
        InvalidPathError,
      );
      await expect(reader.listDirectory("/etc")).rejects.toBeInstanceOf(
        InvalidPathError,
      );
      await expect(
        reader.listDirectory("src/../..", { recursive: true }),
      ).rejects.toBeInstanceOf(InvalidPathError);
      expect(ctx.api.stats.requests).toBe(0);
      expect(nock.pendingMocks()).toStrictEqual([]);
    });
  });

  it("searches through GitHub's code search when reading through the API at the default branch's head", async () => {
    const { ctx, host } = setup({ mode: "never" });
    const retry = Buffer.from(
      githubFixture<{ content: string }>("contents/file-retry.json").content,
      "base64",
    ).toString();
    const fragment =
      "      if (attempt >= options.retries || !isRetryable(error)) throw error;";
    const start = fragment.indexOf("isRetryable");
    const scope = nockGetRepository();
    nockGetCommitSha({ ref: "main" }, scope);
    nockSearchCode(
      {
        q: "isRetryable repo:octo-org/hello-world in:file",
        body: {
          total_count: 1,
          incomplete_results: false,
          items: [
            {
              name: "retry.ts",
              path: "src/retry.ts",
              sha: githubFixture<{ sha: string }>("contents/file-retry.json")
                .sha,
              score: 1,
              text_matches: [
                {
                  object_type: "FileContent",
                  property: "content",
                  fragment,
                  matches: [
                    {
                      text: "isRetryable",
                      indices: [start, start + "isRetryable".length],
                    },
                  ],
                },
              ],
              repository: { full_name: "octo-org/hello-world" },
            },
          ],
        },
      },
      scope,
    );
    nockGetContent(
      { path: "src/retry.ts", body: "contents/file-retry.json" },
      scope,
    );

    const { sha } = await host.resolveRef();
    const result = await host.at(sha).searchCode({ query: "isRetryable" });

    expect(retry.split("\n")[19]).toBe(fragment);
    expect(result.mode).toBe("code-search");
    expect(
      result.hits.map((hit) => [hit.path, hit.line, hit.mode]),
    ).toStrictEqual([["src/retry.ts", 20, "code-search"]]);
    expect(ctx.api.stats.requests).toBe(4);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("searches the tree, not GitHub's code search, at a tag behind the default branch's head", async () => {
    // Code search indexes the default branch's head only: a question on an
    // older tag must not be answered from the head's index.
    const tagged = "1e6a5b2c3d4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b";
    const { host } = setup({ mode: "never" });
    const scope = nockGetCommitSha({ ref: "v2.1", sha: tagged });
    nockGetRepository({}, scope);
    nockGetCommitSha({ ref: "main" }, scope);
    nockGetTree({ sha: tagged }, scope);
    nockGetContent(
      { path: "src/retry.ts", ref: tagged, body: "contents/file-retry.json" },
      scope,
    );

    const { sha, ref } = await host.resolveRef("v2.1");
    const result = await host.at(sha).searchCode({ query: "retry" });

    expect([sha, ref]).toStrictEqual([tagged, "v2.1"]);
    expect(result.mode).not.toBe("code-search");
    expect(result.hits.map((hit) => hit.path)).toContain("src/retry.ts");
    expect(result.notes).toContain(
      "GitHub code search only indexes the default branch's latest commit, and 1e6a5b2 is not it; searched the tree at 1e6a5b2 instead.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("demands a namespace with a shared snapshot cache", () => {
    const ctx = createTestRepoContext();

    expect(() =>
      createGitHubCodeHost({
        api: ctx.api,
        owner: "o",
        repo: "r",
        snapshot: { cache: createSnapshotCache() },
      }),
    ).toThrow(
      new TypeError(
        "snapshot.namespace is required with snapshot.cache: a shared cache must keep installations apart.",
      ),
    );
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});
