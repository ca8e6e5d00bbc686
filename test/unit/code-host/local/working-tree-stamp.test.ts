import { lstatSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { workingTreeStamp } from "../../../../src/code-host/local/working-tree-stamp.js";

const stampOf = async (root: string) => (await workingTreeStamp(root))?.stamp;
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

describe("workingTreeStamp", () => {
  let repo: string;
  beforeEach(() => {
    repo = initRepo();
    writeFiles(repo, {
      ".gitignore": "build/\n",
      "src/app.py": "def run():\n    pass\n",
      "README.md": "# app\n",
    });
    commitAll(repo, "first");
  });
  afterEach(() => removeDir(repo));

  it("is the same while nothing changes, and vouches for every committed file", async () => {
    const first = await stampOf(repo);
    expect(first).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{40}$/),
      changedAtMs: 0,
    });
    expect(await stampOf(repo)).toEqual(first);
  });

  it("changes with an edit, an untracked file or a deletion, and not with an ignored file", async () => {
    const keys = [(await stampOf(repo))?.key];
    writeFiles(repo, { "build/out.py": "x = 1\n" });
    expect((await stampOf(repo))?.key).toBe(keys[0]);

    writeFiles(repo, { "src/app.py": "def run():\n    return 1\n" });
    keys.push((await stampOf(repo))?.key);
    writeFiles(repo, { "src/new.py": "y = 2\n" });
    keys.push((await stampOf(repo))?.key);
    unlinkSync(join(repo, "README.md"));
    keys.push((await stampOf(repo))?.key);

    expect(new Set(keys).size).toBe(4);
  });

  it("gives the latest change of the files it stamps itself, for the caller's trust rule", async () => {
    writeFiles(repo, { "src/new.py": "y = 2\n" });
    const stats = lstatSync(join(repo, "src/new.py"));

    expect((await stampOf(repo))?.changedAtMs).toBe(
      Math.max(stats.mtimeMs, stats.ctimeMs),
    );
  });

  it("changes when a file git assumes unchanged is edited", async () => {
    git(repo, "update-index", "--assume-unchanged", "src/app.py");
    const before = await stampOf(repo);
    writeFiles(repo, { "src/app.py": "def run():\n    return 2\n" });

    expect((await stampOf(repo))?.key).not.toBe(before?.key);
  });

  it("lists the paths git's own listing gives, each once", async () => {
    writeFiles(repo, {
      "build/out.py": "x = 1\n",
      "src/new.py": "y = 2\n",
      "src/app.py": "def run():\n    return 3\n",
    });
    unlinkSync(join(repo, "README.md"));
    const listed = git(
      repo,
      "ls-files",
      "-z",
      "--cached",
      "--others",
      "--exclude-standard",
    )
      .split("\0")
      .filter(Boolean);

    expect((await workingTreeStamp(repo))?.paths).toEqual(listed);
  });

  it("is undefined outside a git work tree", async () => {
    const plain = makeTempDir();
    try {
      expect(await workingTreeStamp(plain)).toBeUndefined();
    } finally {
      removeDir(plain);
    }
  });
});
