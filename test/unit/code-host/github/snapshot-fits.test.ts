import { gunzipSync } from "node:zlib";
import type { TreeListing } from "../../../../src/code-host/code-host.js";
import { listGitHubTree } from "../../../../src/code-host/github/list-tree.js";
import {
  estimateArchiveBytes,
  snapshotMisfit,
} from "../../../../src/code-host/github/snapshot-fits.js";
import { helloWorldTarball } from "../../../helpers/build-tarball.js";
import { createTestRepoContext } from "../../../helpers/github-repo-context.js";
import { HELLO_WORLD, nockGetTree } from "../../../helpers/nock-github.js";

const { sha: SHA } = HELLO_WORLD;

describe("snapshotMisfit", () => {
  it("estimates the decompressed archive from the tree within a block or two of the real one", async () => {
    const ctx = createTestRepoContext();
    const scope = nockGetTree();
    const tree = await listGitHubTree(ctx, SHA);
    const actual = gunzipSync(await helloWorldTarball()).length;

    const estimate = estimateArchiveBytes(tree);

    expect(Math.abs(actual - estimate)).toBeLessThanOrEqual(2 * 512);
    expect(snapshotMisfit(tree, estimate)).toBeUndefined();
    expect(snapshotMisfit(tree, estimate - 1)).toBe(
      "The repository unpacks to about 9.5 KB, over the 9.5 KB snapshot cap",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("counts tar blocks, not only bytes: many small files cost far more than their sum", () => {
    const tree: TreeListing = {
      sha: SHA,
      truncated: false,
      entries: Array.from({ length: 100_000 }, (_, i) => ({
        path: `f/${i}.txt`,
        type: "file" as const,
        size: 20,
      })),
    };

    expect(estimateArchiveBytes(tree)).toBe(4 * 512 + 100_000 * 1024);
    expect(snapshotMisfit(tree, 50 * 1024 * 1024)).toBe(
      "The repository unpacks to about 97.7 MB, over the 50 MB snapshot cap",
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
