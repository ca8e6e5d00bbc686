import type { TreeListing } from "../../../../src/code-host/code-host.js";
import { listGitHubTree } from "../../../../src/code-host/github/list-tree.js";
import {
  estimateKeptBytes,
  snapshotKeeps,
  snapshotMisfit,
} from "../../../../src/code-host/github/snapshot-fits.js";
import {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_SOURCE_BYTES,
} from "../../../../src/policy/file-filters.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import { HELLO_WORLD, nockGetTree } from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

const file = (path: string, size: number) => ({
  path,
  type: "file" as const,
  size,
});

describe("snapshotMisfit", () => {
  it("counts only the text retrieval reads in GitHub's tree of the test repository", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree();
    const tree = await listGitHubTree(ctx, SHA);

    const estimate = estimateKeptBytes(tree);

    // README.md, src/lib/backoff.ts and src/retry.ts; not docs/logo.png.
    expect(estimate).toBe(61 + 201 + 856);
    expect(snapshotMisfit(tree, estimate)).toBeUndefined();
    expect(snapshotMisfit(tree, estimate - 1)).toBe(
      "The repository holds about 1.1 KB of text retrieval reads, over the 1.1 KB snapshot cap",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reads whole a repository of 200 MB of images and data beside 20 MB of code", () => {
    const tree: TreeListing = {
      sha: SHA,
      truncated: false,
      entries: [
        ...Array.from({ length: 100 }, (_, i) =>
          file(`assets/${i}.png`, 2_000_000),
        ),
        file("data/big.parquet", 5_000_000),
        file("node_modules/left-pad/index.js", 3_000_000),
        file("dist/bundle.js", 3_000_000),
        file("web/app.min.js", 3_000_000),
        file("fixtures/huge.json", DEFAULT_MAX_FILE_BYTES + 1),
        ...Array.from({ length: 200 }, (_, i) => file(`src/${i}.ts`, 100_000)),
      ],
    };

    expect(estimateKeptBytes(tree)).toBe(20_000_000);
    expect(snapshotMisfit(tree, 20_000_000)).toBeUndefined();
    expect(snapshotMisfit(tree, 19_999_999)).toMatch(
      /^The repository holds about 19\.1 MB of text retrieval reads/,
    );
  });

  it("refuses a truncated tree whatever its size", () => {
    expect(
      snapshotMisfit(
        { sha: SHA, truncated: true, entries: [] },
        Number.MAX_SAFE_INTEGER,
      ),
    ).toMatch(/^GitHub cut the tree/);
  });
});

describe("snapshotKeeps", () => {
  it("keeps what retrieval's file filters read, and nothing else", () => {
    expect(snapshotKeeps("src/app.ts", 4096)).toBe(true);
    expect(snapshotKeeps("assets/logo.png", 10)).toBe(false);
    expect(snapshotKeeps("vendor/lib/a.go", 10)).toBe(false);
    expect(snapshotKeeps("package-lock.json", 10)).toBe(false);
    expect(snapshotKeeps(".env", 10)).toBe(false);
    expect(snapshotKeeps("src/app.ts", DEFAULT_MAX_SOURCE_BYTES + 1)).toBe(
      false,
    );
    expect(snapshotKeeps("src/app.ts", DEFAULT_MAX_FILE_BYTES + 1)).toBe(true);
    expect(snapshotKeeps("docs/big.txt", DEFAULT_MAX_FILE_BYTES + 1)).toBe(
      false,
    );
  });
});
