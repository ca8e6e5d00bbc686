import { execFileSync } from "node:child_process";
import {
  commitFilesWithGit,
  listCommitsWithGit,
} from "../../../scripts/git-commits.js";
import {
  commitAll,
  git,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

let repo: string;
afterEach(() => removeDir(repo));

const served = (root: string) => (args: string[]) =>
  execFileSync("git", ["-C", root, ...args]);

describe("the stand-in's commit routes", () => {
  it("list commits back from one, newest first, and each commit's files as GitHub's get-a-commit does", () => {
    repo = initRepo();
    writeFiles(repo, {
      "src/old.py": "print('a moved file')\n",
      "b.py": "b\n",
    });
    const first = commitAll(repo, "first");
    git(repo, "mv", "src/old.py", "src/new.py");
    writeFiles(repo, { "b.py": "b2\n", "CHANGES.md": "- moved\n" });
    const second = commitAll(repo, "second");
    const gitIn = served(repo);

    expect(listCommitsWithGit(gitIn, second, 30)).toStrictEqual([
      { sha: second, commit: { message: "" }, parents: [{ sha: first }] },
      { sha: first, commit: { message: "" }, parents: [] },
    ]);
    expect(listCommitsWithGit(gitIn, second, 1)).toHaveLength(1);
    expect(commitFilesWithGit(gitIn, first, 300)).toStrictEqual([
      { filename: "b.py", status: "added" },
      { filename: "src/old.py", status: "added" },
    ]);
    expect(commitFilesWithGit(gitIn, second, 300)).toStrictEqual([
      { filename: "CHANGES.md", status: "added" },
      { filename: "b.py", status: "modified" },
      {
        filename: "src/new.py",
        status: "renamed",
        previous_filename: "src/old.py",
      },
    ]);
    expect(commitFilesWithGit(gitIn, second, 2)).toHaveLength(2);
  });
});
