import { rmSync } from "node:fs";
import { join } from "node:path";
import { readGitHistory } from "../../../../src/retrieval/history/read-git-history.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

describe("readGitHistory", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) removeDir(dir);
  });

  /** A change log edited with the code, a rename, a wide commit and a later commit. */
  function repository() {
    const root = initRepo();
    dirs.push(root);
    writeFiles(root, { "src/a.py": "a = 1\n", "CHANGES.md": "# Changes\n" });
    commitAll(root, "Start");
    writeFiles(root, {
      "src/a.py": "a = 2\n",
      "CHANGES.md": "# Changes\n- a\n",
    });
    commitAll(root, "Fix a");
    git(root, "mv", "src/a.py", "src/b.py");
    commitAll(root, "Rename a to b");
    writeFiles(
      root,
      Object.fromEntries(
        Array.from({ length: 4 }, (_, i) => [`docs/p${i}.md`, `page ${i}\n`]),
      ),
    );
    const wide = commitAll(root, "Four pages at once");
    writeFiles(root, { "src/b.py": "b = 3\n" });
    commitAll(root, "After the question");
    return { root, wide };
  }

  it("reads each commit's files from git log back from the commit asked, that commit included, never after", async () => {
    const { root, wide } = repository();
    const history = await readGitHistory(root, wide, { maxFiles: 3 });
    expect(history).toStrictEqual({
      commit: wide,
      // Newest first; the four-file commit is over maxFiles; the rename is
      // a deletion and an addition.
      commits: [
        ["src/a.py", "src/b.py"],
        ["CHANGES.md", "src/a.py"],
        ["CHANGES.md", "src/a.py"],
      ],
    });
  });

  it("reads no more than depth commits", async () => {
    const { root } = repository();
    const history = await readGitHistory(root, "HEAD", { depth: 1 });
    expect(history?.commits).toStrictEqual([["src/b.py"]]);
  });

  it("gives no history for a shallow clone, a folder outside git, an unknown commit or a missing git", async () => {
    const { root } = repository();
    const clone = join(makeTempDir("askcode-shallow-"), "clone");
    dirs.push(clone);
    git(root, "clone", "--quiet", "--depth", "1", `file://${root}`, clone);
    expect(await readGitHistory(clone, "HEAD")).toBeUndefined();

    const plain = makeTempDir("askcode-plain-");
    dirs.push(plain);
    expect(await readGitHistory(plain, "HEAD")).toBeUndefined();
    expect(await readGitHistory(root, "no-such-branch")).toBeUndefined();

    const missingGit = () => Promise.reject(new Error("spawn git ENOENT"));
    expect(
      await readGitHistory(root, "HEAD", { runGit: missingGit }),
    ).toBeUndefined();
    rmSync(clone, { recursive: true, force: true });
  });
});
