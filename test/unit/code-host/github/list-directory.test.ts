import nock from "nock";
import {
  listGitHubDirectory,
  listTreeDirectory,
} from "../../../../src/code-host/github/list-directory.js";
import {
  TRUNCATED_TREE_NOTE,
  listGitHubTree,
} from "../../../../src/code-host/github/list-tree.js";
import { InvalidPathError } from "../../../../src/shared/errors.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import {
  HELLO_WORLD,
  githubFixture,
  nockGetContent,
  nockGetTree,
} from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

describe("listGitHubDirectory", () => {
  it("lists one directory through the Contents API", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "src",
      body: "contents/dir-src.json",
    });

    await expect(listGitHubDirectory(ctx, SHA, "src/")).resolves.toStrictEqual({
      path: "src",
      truncated: false,
      entries: [
        { path: "src/lib", name: "lib", type: "dir" },
        { path: "src/retry.ts", name: "retry.ts", type: "file", size: 856 },
      ],
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("lists the root for '' and '/'", async () => {
    const ctx = createTestRepoContext();
    const listing = githubFixture<object[]>("contents/dir-src.json");
    const scope = nockGetContent({ path: "", body: listing });

    await expect(listGitHubDirectory(ctx, SHA, "/")).resolves.toMatchObject({
      path: "",
    });
    await expect(listGitHubDirectory(ctx, SHA, "")).resolves.toMatchObject({
      path: "",
    });
    expect(ctx.api.stats.requests).toBe(1);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("tells symlinks and submodules apart, though GitHub lists a submodule as a file", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "vendor",
      body: "contents/dir-vendor.json",
    });
    nockGetContent({ path: "docs", body: "contents/dir-docs.json" }, scope);

    const vendor = await listGitHubDirectory(ctx, SHA, "vendor");
    const docs = await listGitHubDirectory(ctx, SHA, "docs");

    expect(vendor.entries).toStrictEqual([
      { path: "vendor/octicons", name: "octicons", type: "submodule" },
    ]);
    expect(docs.entries).toStrictEqual([
      { path: "docs/latest.md", name: "latest.md", type: "symlink" },
      { path: "docs/logo.png", name: "logo.png", type: "file", size: 70 },
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("marks a listing of exactly 1,000 entries as possibly cut, and says how to see the rest", async () => {
    const ctx = createTestRepoContext();
    const [template] = githubFixture<Array<Record<string, unknown>>>(
      "contents/dir-src.json",
    ).slice(1);
    const thousand = Array.from({ length: 1000 }, (_, i) => ({
      ...template,
      name: `m${i}.ts`,
      path: `gen/m${i}.ts`,
    }));
    const scope = nockGetContent({ path: "gen", body: thousand });

    const listing = await listGitHubDirectory(ctx, SHA, "gen");

    expect(listing.entries).toHaveLength(1000);
    expect(listing).toMatchObject({
      truncated: true,
      note:
        "GitHub lists at most 1,000 entries of a directory, so some may be missing; " +
        "list it with recursive: true (the Git Trees API) to see them all.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("answers a missing directory (404) and a file with an empty listing that says why", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetContent({
      path: "lib",
      status: 404,
      body: "errors/not-found-contents.json",
    });
    nockGetContent(
      { path: "src/retry.ts", body: "contents/file-retry.json" },
      scope,
    );

    await expect(listGitHubDirectory(ctx, SHA, "lib")).resolves.toStrictEqual({
      path: "lib",
      entries: [],
      truncated: false,
      note: `No such directory at ${SHA}: lib.`,
    });
    await expect(
      listGitHubDirectory(ctx, SHA, "src/retry.ts"),
    ).resolves.toStrictEqual({
      path: "src/retry.ts",
      entries: [],
      truncated: false,
      note: "src/retry.ts is a file, not a directory; use read_file_contents to read it.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("refuses a path that climbs out before any request", async () => {
    const ctx = createTestRepoContext();

    await expect(
      listGitHubDirectory(ctx, SHA, "src/../.."),
    ).rejects.toBeInstanceOf(InvalidPathError);
    expect(ctx.api.stats.requests).toBe(0);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });
});

describe("listTreeDirectory", () => {
  it("lists everything below a directory from the tree", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree();
    const tree = await listGitHubTree(ctx, SHA);

    expect(listTreeDirectory(tree, "src")).toStrictEqual({
      path: "src",
      truncated: false,
      entries: [
        { path: "src/lib", name: "lib", type: "dir" },
        {
          path: "src/lib/backoff.ts",
          name: "backoff.ts",
          type: "file",
          size: 201,
        },
        { path: "src/retry.ts", name: "retry.ts", type: "file", size: 856 },
      ],
    });
    expect(listTreeDirectory(tree, "").entries).toHaveLength(10);
    expect(listTreeDirectory(tree, "lib")).toMatchObject({
      entries: [],
      note: `No such directory at ${SHA}: lib.`,
    });
    expect(listTreeDirectory(tree, "docs/latest.md")).toMatchObject({
      entries: [],
      note: "docs/latest.md is a symlink, not a directory; use read_file_contents to read it.",
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("passes a truncated tree's flag and note on", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree({ body: "trees/hello-world-truncated.json" });
    const tree = await listGitHubTree(ctx, SHA);

    expect(listTreeDirectory(tree, "src")).toStrictEqual({
      path: "src",
      truncated: true,
      note: TRUNCATED_TREE_NOTE,
      entries: [],
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
