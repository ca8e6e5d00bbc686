import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createBlobStore } from "../../../src/cache/blob-store.js";
import { createIndexSnapshots } from "../../../src/cli/index-snapshots.js";
import { indexRepository } from "../../../src/retrieval/index/index-repository.js";
import { chunkCopies } from "../../../src/retrieval/rank/chunk-copies.js";
import type { SourceFile } from "../../../src/retrieval/types.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

const BUILD = "a".repeat(64);

const files = (sleepSha = "2".repeat(40)): SourceFile[] => [
  {
    path: "src/upload.py",
    text: "def retry_upload(attempt):\n    return attempt < 5\n",
    blobSha: "1".repeat(40),
  },
  {
    path: "src/sleep.py",
    text: "import time\n\ndef sleep(s):\n    time.sleep(s)\n",
    blobSha: sleepSha,
  },
];

describe("createIndexSnapshots", () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  const open = async (buildId = BUILD) =>
    createIndexSnapshots(
      await createBlobStore({ dir, maxBytes: 1 << 26 }),
      buildId,
    );

  it("gives back, after a restart, the index kept for the same files in any order", async () => {
    const index = indexRepository(files());
    await (await open()).put(files(), index);

    const kept = await (await open()).get([...files()].reverse());

    expect(kept).toStrictEqual(index);
    expect(kept?.definitions.get("retry_upload")).toEqual(
      index.definitions.get("retry_upload"),
    );
  });

  it("keeps the copies found between files with the index", async () => {
    const body =
      "def checksum(data):\n    total = 0\n    for byte in data:\n        total = (total * 31 + byte) % 65521\n        total ^= total >> 7\n        if total == 0:\n            total = 1\n    return total & 0xFFFF\n";
    const copied: SourceFile[] = [
      { path: "lib/checksum.py", text: body, blobSha: "4".repeat(40) },
      { path: "vendor/checksum.py", text: body, blobSha: "4".repeat(40) },
    ];
    const index = indexRepository(copied);
    await (await open()).put(copied, index);

    const kept = await (await open()).get(copied);

    expect(chunkCopies(index).groups).toHaveLength(1);
    expect(chunkCopies(kept!)).toStrictEqual(chunkCopies(index));
  });

  it("misses when a blob, the file set or the build differs", async () => {
    await (await open()).put(files(), indexRepository(files()));
    const snapshots = await open();

    expect(await snapshots.get(files("3".repeat(40)))).toBeUndefined();
    expect(await snapshots.get(files().slice(1))).toBeUndefined();
    expect(await (await open("b".repeat(64))).get(files())).toBeUndefined();
    expect(await snapshots.get(files())).toBeDefined();
  });

  it("finds an index by the listing it was built from: blob SHAs, or stamps old enough", async () => {
    const listing = (sleepSha = "2".repeat(40)) => [
      { path: "src", type: "dir" as const },
      {
        path: "src/upload.py",
        type: "file" as const,
        size: 52,
        sha: "1".repeat(40),
      },
      { path: "src/sleep.py", type: "file" as const, size: 40, sha: sleepSha },
    ];
    const index = indexRepository(files());
    await (await open()).put(files(), index, listing());
    const snapshots = await open();

    expect(
      await snapshots.getByListing([...listing()].reverse()),
    ).toStrictEqual(index);
    expect(
      await snapshots.getByListing(listing("3".repeat(40))),
    ).toBeUndefined();
    expect(
      await snapshots.getByListing([
        { path: "src/upload.py", type: "file", size: 52 },
      ]),
    ).toBeUndefined();

    const stamped = (changedAtMs: number) =>
      listing().map(({ sha: _sha, ...entry }) =>
        entry.type === "dir"
          ? entry
          : { ...entry, stamp: { key: `${entry.path}@1`, changedAtMs } },
      );
    const clock = createIndexSnapshots(
      await createBlobStore({ dir, maxBytes: 1 << 26 }),
      BUILD,
      { now: () => 10_000 },
    );
    await clock.noteListing(files(), stamped(9_000)); // changed 1 s before: racy
    expect(await clock.getByListing(stamped(9_000))).toBeUndefined();
    await clock.noteListing(files(), stamped(7_000));
    expect(await clock.getByListing(stamped(7_000))).toStrictEqual(index);
  });

  it("keeps each file's code once on disk, not again in its chunks", async () => {
    await (await open()).put(files(), indexRepository(files()));

    const kept = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.parentPath.includes("index-snapshot"))
      .map((e) => readFileSync(join(e.parentPath, e.name), "latin1"));

    expect(kept).toHaveLength(1);
    expect(kept[0]!.split("return attempt < 5")).toHaveLength(2);
  });

  it("keeps nothing for files without a blob SHA", async () => {
    const unnamed = files().map(({ path, text }) => ({ path, text }));
    const blobs = await createBlobStore({ dir, maxBytes: 1 << 26 });
    const snapshots = createIndexSnapshots(blobs, BUILD);

    await snapshots.put(unnamed, indexRepository(unnamed));

    expect(blobs.entries).toBe(0);
    expect(await snapshots.get(unnamed)).toBeUndefined();
  });
});
