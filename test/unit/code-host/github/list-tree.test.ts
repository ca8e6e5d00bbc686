import {
  TRUNCATED_TREE_NOTE,
  listGitHubTree,
} from "../../../../src/code-host/github/list-tree.js";
import { RefNotFoundError } from "../../../../src/shared/errors.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  githubFixture,
  nockGetTree,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;
const blob = (path: string) =>
  githubFixture<{ tree: Array<{ path: string; sha: string }> }>(
    "trees/hello-world.json",
  ).tree.find((entry) => entry.path === path)?.sha;

describe("listGitHubTree", () => {
  it("lists every entry with sizes and SHAs: mode 120000 is a symlink, a commit entry a submodule", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree();

    const tree = await listGitHubTree(ctx, SHA);

    expect(tree).toStrictEqual({
      sha: SHA,
      truncated: false,
      entries: [
        { path: "README.md", type: "file", size: 61, sha: blob("README.md") },
        { path: "docs", type: "dir", sha: blob("docs") },
        {
          path: "docs/latest.md",
          type: "symlink",
          sha: blob("docs/latest.md"),
        },
        {
          path: "docs/logo.png",
          type: "file",
          size: 70,
          sha: blob("docs/logo.png"),
        },
        { path: "src", type: "dir", sha: blob("src") },
        { path: "src/lib", type: "dir", sha: blob("src/lib") },
        {
          path: "src/lib/backoff.ts",
          type: "file",
          size: 201,
          sha: blob("src/lib/backoff.ts"),
        },
        {
          path: "src/retry.ts",
          type: "file",
          size: 856,
          sha: blob("src/retry.ts"),
        },
        { path: "vendor", type: "dir", sha: blob("vendor") },
        {
          path: "vendor/octicons",
          type: "submodule",
          sha: "3f786850e387550fdab836ed7e6dc881de23001b",
        },
      ],
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("asks once per commit, whatever the TTL", async () => {
    const ctx = createTestRepoContext({ ttlMs: 1000 });
    const scope = nockGetTree();

    await listGitHubTree(ctx, SHA);
    ctx.clock.advance(30 * 24 * 3600 * 1000);
    await listGitHubTree(ctx, SHA);

    expect(ctx.api.stats).toMatchObject({ requests: 1, hits: 1 });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("passes GitHub's truncated flag on, with what it means", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree({ body: "trees/hello-world-truncated.json" });

    const tree = await listGitHubTree(ctx, SHA);

    expect(tree).toMatchObject({ truncated: true, note: TRUNCATED_TREE_NOTE });
    expect(tree.entries).toHaveLength(5);
    expect(TRUNCATED_TREE_NOTE).toContain("100,000 entries or 7 MB");
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws RefNotFoundError for a commit the repository does not have", async () => {
    const ctx = createTestRepoContext();
    const missing = "0000000000000000000000000000000000000bad";
    const scope = nockGetTree({
      sha: missing,
      status: 404,
      body: "errors/not-found-contents.json",
    });

    await expect(listGitHubTree(ctx, missing)).rejects.toBeInstanceOf(
      RefNotFoundError,
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
