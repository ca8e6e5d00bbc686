import { jest } from "@jest/globals";
import { createLocalCodeHost } from "../../../../src/code-host/local/local-code-host.js";
import { startCheckoutReads } from "../../../../src/code-host/local/start-checkout-reads.js";
import { workingTreeStamp } from "../../../../src/code-host/local/working-tree-stamp.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../../helpers/temp-repo.js";

// Lets the spawns' errors (emitted on the next tick) and Node's check for
// unhandled rejections (after the microtasks) run.
const turn = () => new Promise((resolve) => setImmediate(resolve));

// A checkout with one commit, made anew for each test.
let repo: string;
let first: string;
beforeEach(() => {
  repo = initRepo();
  writeFiles(repo, { "app.py": "def run():\n    pass\n" });
  first = commitAll(repo, "first");
});
afterEach(() => removeDir(repo));

describe("startCheckoutReads", () => {
  it("asks git for what the directory is, HEAD's branch and commit, and the work tree's stamp", async () => {
    const reads = startCheckoutReads(repo);

    expect(reads.root).toBe(repo);
    expect(await reads.detected).toEqual({ kind: "work-tree" });
    expect(await reads.branch).toBe("main");
    expect(await reads.head).toBe(first);
    expect(await reads.stamp).toEqual(await workingTreeStamp(repo));
  });

  it("leaves no rejection unhandled when git cannot start, and fails where awaited", async () => {
    const unhandled = jest.fn();
    process.on("unhandledRejection", unhandled);
    const path = process.env.PATH;
    process.env.PATH = "";
    let reads: ReturnType<typeof startCheckoutReads>;
    try {
      reads = startCheckoutReads(repo);
    } finally {
      process.env.PATH = path;
    }
    await turn();
    await turn();
    process.off("unhandledRejection", unhandled);

    expect(unhandled).not.toHaveBeenCalled();
    await expect(reads.head).rejects.toThrow(/ENOENT/);
  });
});

describe("createLocalCodeHost with early reads", () => {
  it("answers its first resolveRef() and first tree stamp from them, then asks git anew", async () => {
    const early = startCheckoutReads(repo);
    const stamped = await early.stamp;
    // The checkout moves after the reads: a new commit, then an edit.
    writeFiles(repo, { "app.py": "def run():\n    return 2\n" });
    const second = commitAll(repo, "second");
    writeFiles(repo, { "new.py": "x = 1\n" });
    const host = createLocalCodeHost({ root: repo, early });

    try {
      expect((await host.resolveRef()).sha).toBe(first);
      const reader = host.at(first);
      expect(await reader.treeStamp!()).toEqual(stamped!.stamp);
      expect(await reader.treeStamp!()).toEqual(
        (await workingTreeStamp(repo))!.stamp,
      );
      expect((await reader.treeStamp!())?.key).not.toBe(stamped!.stamp.key);
      expect((await host.resolveRef()).sha).toBe(second);
    } finally {
      await host.close();
    }
  });

  it("ignores reads asked in another directory", async () => {
    const other = initRepo();
    writeFiles(other, { "other.py": "y = 1\n" });
    commitAll(other, "other");
    const host = createLocalCodeHost({
      root: repo,
      early: startCheckoutReads(other),
    });

    try {
      expect((await host.resolveRef()).sha).toBe(first);
    } finally {
      await host.close();
      removeDir(other);
    }
  });
});
