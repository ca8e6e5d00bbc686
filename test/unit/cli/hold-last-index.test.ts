import { jest } from "@jest/globals";
import type { TreeEntry } from "../../../src/code-host/code-host.js";
import { holdLastIndex } from "../../../src/cli/hold-last-index.js";
import type { IndexSnapshots } from "../../../src/cli/index-snapshots.js";
import type { RepositoryIndex } from "../../../src/retrieval/index/index-repository.js";

const NOW = 1_700_000_000_000;
const index = { files: [] } as unknown as RepositoryIndex;

function listing(changedAtMs: number, key = "k1"): TreeEntry[] {
  return [
    { path: "src", type: "dir" },
    { path: "src/a.ts", type: "file", size: 10, stamp: { key, changedAtMs } },
  ];
}

describe("holdLastIndex", () => {
  it("finds the index it was handed by the same listing, without the kept snapshots", async () => {
    const held = holdLastIndex({ now: () => NOW })(undefined);
    await held.put([], index, listing(NOW - 60_000));
    expect(await held.getByListing(listing(NOW - 60_000))).toBe(index);
  });

  it("finds nothing once a file changed, or when a file changed too recently for its stamp to be trusted", async () => {
    const held = holdLastIndex({ now: () => NOW })(undefined);
    await held.put([], index, listing(NOW - 60_000));
    expect(
      await held.getByListing(listing(NOW - 60_000, "k2")),
    ).toBeUndefined();
    await held.put([], index, listing(NOW - 500));
    expect(await held.getByListing(listing(NOW - 500))).toBeUndefined();
  });

  it("holds one index across the kept snapshots it is put in front of", async () => {
    const holding = holdLastIndex({ now: () => NOW });
    await holding(undefined).put([], index, listing(NOW - 60_000));
    expect(await holding(undefined).getByListing(listing(NOW - 60_000))).toBe(
      index,
    );
  });

  it("holds what the kept snapshots found, by listing or by files then listing", async () => {
    const kept: IndexSnapshots = {
      getByListing: jest.fn(async () => index),
      get: async () => index,
      put: async () => {},
      noteListing: async () => {},
      getByTree: async () => undefined,
      noteTree: async () => {},
    };
    const held = holdLastIndex({ now: () => NOW })(kept);
    expect(await held.getByListing(listing(NOW - 60_000))).toBe(index);
    expect(await held.getByListing(listing(NOW - 60_000))).toBe(index);
    // The second came from memory.
    expect(kept.getByListing).toHaveBeenCalledTimes(1);

    const files = [{ path: "src/a.ts", text: "", blobSha: "b" }];
    const other = holdLastIndex({ now: () => NOW })({
      ...kept,
      getByListing: async () => undefined,
    });
    expect(
      await other.getByListing(listing(NOW - 60_000, "k3")),
    ).toBeUndefined();
    expect(await other.get(files)).toBe(index);
    await other.noteListing(files, listing(NOW - 60_000, "k3"));
    expect(await other.getByListing(listing(NOW - 60_000, "k3"))).toBe(index);
  });
});

describe("holdLastIndex by tree stamps", () => {
  const files = [{ path: "src/a.ts", text: "", blobSha: "b" }];

  it("holds the index it made by the stamp of the tree it was read from", async () => {
    const held = holdLastIndex({ now: () => NOW })(undefined);
    await held.put(files, index);
    await held.noteTree(files, { key: "t1", changedAtMs: 0 });

    expect(await held.getByTree({ key: "t1", changedAtMs: 0 })).toBe(index);
    expect(await held.getByTree({ key: "t2", changedAtMs: 0 })).toBeUndefined();
  });

  it("holds nothing by a stamp with a file changed too recently to trust", async () => {
    const held = holdLastIndex({ now: () => NOW })(undefined);
    await held.put(files, index);
    await held.noteTree(files, { key: "t1", changedAtMs: NOW - 500 });

    expect(
      await held.getByTree({ key: "t1", changedAtMs: NOW - 500 }),
    ).toBeUndefined();
  });
});
