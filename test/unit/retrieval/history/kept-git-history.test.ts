import { createBlobStore } from "../../../../src/cache/blob-store.js";
import { keptGitHistory } from "../../../../src/retrieval/history/kept-git-history.js";
import { readGitHistory } from "../../../../src/retrieval/history/read-git-history.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

describe("keptGitHistory", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) removeDir(dir);
  });

  it("reads git once per commit, then the entry kept in the store", async () => {
    const root = initRepo();
    const cache = makeTempDir("askcode-blobs-");
    dirs.push(root, cache);
    writeFiles(root, { "src/a.py": "a = 1\n", "CHANGES.md": "# Changes\n" });
    const head = commitAll(root, "Start");
    const reads: string[] = [];
    const counting: typeof readGitHistory = (dir, commit, options) => {
      reads.push(commit);
      return readGitHistory(dir, commit, options);
    };
    const expected = { commit: head, commits: [["CHANGES.md", "src/a.py"]] };

    const first = await createBlobStore({ dir: cache, maxBytes: 1 << 20 });
    expect(
      await keptGitHistory(root, head, {
        blobs: first,
        readGitHistory: counting,
      }),
    ).toStrictEqual(expected);
    // A later process, on the same cache directory.
    const second = await createBlobStore({ dir: cache, maxBytes: 1 << 20 });
    expect(
      await keptGitHistory(root, head, {
        blobs: second,
        readGitHistory: counting,
      }),
    ).toStrictEqual(expected);
    expect(reads).toStrictEqual([head]);
  });

  it("keeps nothing when there is no history to read", async () => {
    const plain = makeTempDir("askcode-plain-");
    const cache = makeTempDir("askcode-blobs-");
    dirs.push(plain, cache);
    const blobs = await createBlobStore({ dir: cache, maxBytes: 1 << 20 });
    const sha = "0".repeat(40);
    expect(await keptGitHistory(plain, sha, { blobs })).toBeUndefined();
    expect(await blobs.get("co-change:v1", sha)).toBeUndefined();
  });
});
