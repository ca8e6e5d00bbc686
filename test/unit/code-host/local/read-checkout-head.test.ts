import { join } from "node:path";
import { currentBranch } from "../../../../src/code-host/local/current-branch.js";
import { detectRepository } from "../../../../src/code-host/local/detect-repository.js";
import { readCheckoutHead } from "../../../../src/code-host/local/read-checkout-head.js";
import { revParseCommit } from "../../../../src/code-host/local/rev-parse-commit.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

// What the three calls it stands in for say of the same directory.
async function oneByOne(root: string) {
  return {
    detected: await detectRepository(root),
    branch: await currentBranch(root),
    head: await revParseCommit(root, "HEAD"),
  };
}

let repo: string;
let first: string;
const others: string[] = [];
beforeEach(() => {
  repo = initRepo();
  writeFiles(repo, { "app.py": "def run():\n    pass\n" });
  first = commitAll(repo, "first");
});
afterEach(() => {
  removeDir(repo);
  for (const dir of others.splice(0)) removeDir(dir);
});

describe("readCheckoutHead", () => {
  it("answers the top of a checkout on a branch as the three calls do", async () => {
    const read = await readCheckoutHead(repo);

    expect(read).toEqual({
      detected: { kind: "work-tree" },
      branch: "main",
      head: first,
    });
    expect(read).toEqual(await oneByOne(repo));
  });

  it("sees a new commit and a switched branch", async () => {
    await readCheckoutHead(repo);
    git(repo, "switch", "--quiet", "-c", "topic");
    const second = commitAll(repo, "second");

    expect(await readCheckoutHead(repo)).toEqual({
      detected: { kind: "work-tree" },
      branch: "topic",
      head: second,
    });
  });

  it("names no branch for a detached HEAD", async () => {
    git(repo, "checkout", "--quiet", "--detach");

    const read = await readCheckoutHead(repo);

    expect(read).toEqual({
      detected: { kind: "work-tree" },
      branch: undefined,
      head: first,
    });
    expect(read).toEqual(await oneByOne(repo));
  });

  it("shortens a branch a tag of the same name makes ambiguous as symbolic-ref --short does", async () => {
    git(repo, "tag", "main");

    const read = await readCheckoutHead(repo);

    expect(read.branch).toBe("heads/main");
    expect(read).toEqual(await oneByOne(repo));
  });

  it("reads HEAD as a revision when the checkout holds files named HEAD", async () => {
    writeFiles(repo, { HEAD: "x\n", "HEAD^{commit}": "y\n" });
    const second = commitAll(repo, "files named HEAD");

    const read = await readCheckoutHead(repo);

    expect(read.head).toBe(second);
    expect(read).toEqual(await oneByOne(repo));
  });

  it("answers a branch with no commit yet as the three calls do", async () => {
    const empty = initRepo();
    others.push(empty);

    const read = await readCheckoutHead(empty);

    expect(read).toEqual({
      detected: { kind: "work-tree" },
      branch: "main",
      head: undefined,
    });
    expect(read).toEqual(await oneByOne(empty));
  });

  it("reads a linked worktree's own HEAD", async () => {
    const worktree = join(makeTempDir(), "linked");
    others.push(worktree);
    git(repo, "worktree", "add", "--quiet", "-b", "other", worktree);
    commitAll(worktree, "on other");

    const read = await readCheckoutHead(worktree);

    expect(read.branch).toBe("other");
    expect(read.head).not.toBe(first);
    expect(read).toEqual(await oneByOne(worktree));
    expect((await readCheckoutHead(repo)).head).toBe(first);
  });

  it("tells a bare repository, a subdirectory and a plain directory apart as detectRepository does", async () => {
    const bare = makeTempDir();
    const plain = makeTempDir();
    others.push(bare, plain);
    git(bare, "clone", "--quiet", "--bare", repo, bare);
    writeFiles(repo, { "src/lib.py": "x = 1\n" });

    for (const [dir, kind] of [
      [bare, "git-dir"],
      [join(repo, "src"), "none"],
      [plain, "none"],
    ] as const) {
      const read = await readCheckoutHead(dir);
      expect(read.detected.kind).toBe(kind);
      expect(read).toEqual(await oneByOne(dir));
    }
  });
});
