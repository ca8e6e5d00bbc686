import { rmSync } from "node:fs";
import path from "node:path";
import type { FileSourceEntry } from "../../../../src/code-host/file-set/file-source.js";
import {
  createStampedValues,
  type StampedValues,
} from "../../../../src/code-host/file-set/stamped-values.js";
import { createLocalCodeHost } from "../../../../src/code-host/local/local-code-host.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

/** Kept listings that count the listings made. */
function countingListings(): StampedValues<FileSourceEntry[]> & {
  made: number;
} {
  const kept = createStampedValues<FileSourceEntry[]>({
    maxBytes: 1024 * 1024,
    sizeOf: (entries) => entries.length * 200,
    racyMs: 2000,
  });
  const counting = {
    made: 0,
    obtain: ((key, stamp, read) =>
      kept.obtain(key, stamp, async () => {
        counting.made++;
        return read();
      })) as StampedValues<FileSourceEntry[]>["obtain"],
  };
  return counting;
}

describe("createLocalCodeHost with kept listings: a host opened at each call", () => {
  let repo: string;
  beforeEach(() => {
    repo = initRepo();
    writeFiles(repo, { "a.py": "a = 1\n", "b.py": "b = 2\n" });
    commitAll(repo, "first");
  });
  afterEach(() => removeDir(repo));

  const paths = async (stampedListings: StampedValues<FileSourceEntry[]>) => {
    const host = createLocalCodeHost({ root: repo, stampedListings });
    try {
      const { sha } = await host.resolveRef();
      const { entries } = await host.at(sha).listTree();
      return entries.filter((e) => e.type !== "dir").map((e) => e.path);
    } finally {
      await host.close();
    }
  };

  it("lists a clean checkout once, and lists again a new file and a deleted one", async () => {
    const listings = countingListings();
    expect(await paths(listings)).toEqual(["a.py", "b.py"]);
    // Git vouches for every file: the tree's stamp is trusted at once.
    expect(await paths(listings)).toEqual(["a.py", "b.py"]);
    expect(listings.made).toBe(1);

    writeFiles(repo, { "c.py": "c = 3\n" });
    expect(await paths(listings)).toEqual(["a.py", "b.py", "c.py"]);
    rmSync(path.join(repo, "a.py"));
    expect(await paths(listings)).toEqual(["b.py", "c.py"]);
    expect(listings.made).toBe(3);
  });
});
