import { statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { createBlobStore } from "../../../src/cache/blob-store.js";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import { createIndexSnapshots } from "../../../src/cli/index-snapshots.js";
import { createDerivedCache } from "../../../src/retrieval/index/derived-cache.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const FILES = {
  "src/upload.py": "def should_retry(status):\n    return status >= 500\n",
  "src/sleep.py":
    "import time\n\ndef pause(seconds):\n    time.sleep(seconds)\n",
};

describe("indexCheckout of an unchanged working tree", () => {
  let repo: string;
  let cacheDir: string;
  beforeEach(() => {
    repo = initRepo();
    cacheDir = makeTempDir();
    writeFiles(repo, FILES);
    commitAll(repo, "first");
  });
  afterEach(() => {
    removeDir(repo);
    removeDir(cacheDir);
  });

  // Stamps are trusted once their files last changed 2 s before: a clock
  // 3 s on trusts files written now (writing, even utimes, sets ctime).
  const later = () => Date.now() + 3000;

  async function index(
    now = later,
    treeStamp?: (reader: CodeReader) => CodeReader["treeStamp"],
  ) {
    const host = createLocalCodeHost({ root: repo });
    try {
      const { sha } = await host.resolveRef();
      const reads: string[] = [];
      let listings = 0;
      const reader = host.at(sha);
      const counting: CodeReader = {
        ...reader,
        ...(treeStamp && { treeStamp: treeStamp(reader) }),
        sha: reader.sha,
        listTree: () => {
          listings++;
          return reader.listTree();
        },
        listDirectory: (path) => reader.listDirectory(path),
        searchCode: (query) => reader.searchCode(query),
        readFile: (path, options) => {
          reads.push(path);
          return reader.readFile(path, options);
        },
      };
      const blobs = await createBlobStore({ dir: cacheDir, maxBytes: 1 << 26 });
      const checkout = await indexCheckout(counting, {
        derived: createDerivedCache({ maxBytes: 1 << 26, blobs }),
        snapshots: createIndexSnapshots(blobs, "e".repeat(64), { now }),
        now: () => 0,
      });
      return { reads: reads.sort(), listings, checkout };
    } finally {
      await host.close();
    }
  }

  const paths = (checkout: { index: { files: { path: string }[] } }) =>
    checkout.index.files.map((f) => f.path).sort();

  it("loads the index kept for its tree's stamp without listing or reading a file", async () => {
    const first = await index();
    expect(first.reads).toEqual(["src/sleep.py", "src/upload.py"]);

    const second = await index();

    expect(second.listings).toBe(0);
    expect(second.reads).toEqual([]);
    expect(second.checkout.index.files.map((f) => f.text)).toEqual(
      first.checkout.index.files.map((f) => f.text),
    );
  });

  it("sees a file added, one deleted, and one an ignore rule no longer keeps out", async () => {
    writeFiles(repo, { ".gitignore": "*.log\n", "notes.log": "retry\n" });
    commitAll(repo, "ignore logs");
    await index();
    writeFiles(repo, { "src/new.py": "def backoff():\n    pass\n" });
    expect(paths((await index()).checkout)).toContain("src/new.py");

    unlinkSync(join(repo, "src/sleep.py"));
    expect(paths((await index()).checkout)).not.toContain("src/sleep.py");

    writeFiles(repo, { ".gitignore": "\n" });
    expect(paths((await index()).checkout)).toContain("notes.log");
  });

  it("sees an edit to a file git is told to assume unchanged", async () => {
    await index();
    git(repo, "update-index", "--assume-unchanged", "src/upload.py");
    writeFiles(repo, {
      "src/upload.py": "def should_retry(status):\n    return status >= 502\n",
    });

    const changed = await index();

    expect(changed.reads).toContain("src/upload.py");
    const upload = changed.checkout.index.files.find(
      (f) => f.path === "src/upload.py",
    );
    expect(upload?.text).toContain("502");
  });

  it("does not keep the tree's stamp when it moved while the files were read", async () => {
    // The first stamp before reading, another after: an edit in between.
    const moving = (reader: CodeReader) => {
      let calls = 0;
      return async () => {
        const stamp = await reader.treeStamp!();
        return stamp && { ...stamp, key: `${stamp.key}:${calls++}` };
      };
    };
    const steady = (reader: CodeReader) => async () => {
      const stamp = await reader.treeStamp!();
      return stamp && { ...stamp, key: `${stamp.key}:0` };
    };
    await index(later, moving);

    const next = await index(later, steady);

    expect(next.listings).toBe(1);
  });

  it("loads the index kept for its listing without reading a file", async () => {
    // A reader that cannot stamp its tree.
    const unstamped = () => async () => undefined;
    const first = await index(later, unstamped);
    expect(first.reads).toEqual(["src/sleep.py", "src/upload.py"]);

    const second = await index(later, unstamped);

    expect(second.listings).toBe(1);
    expect(second.reads).toEqual([]);
    expect(second.checkout.withoutTree).toBe(0);
    expect(second.checkout.index.files.map((f) => f.text)).toEqual(
      first.checkout.index.files.map((f) => f.text),
    );
  });

  it("reads again once a file changed, and finds the change", async () => {
    await index();
    writeFiles(repo, {
      "src/upload.py": "def should_retry(status):\n    return status >= 502\n",
    });

    const changed = await index();

    expect(changed.reads).toEqual(["src/sleep.py", "src/upload.py"]);
    const upload = changed.checkout.index.files.find(
      (f) => f.path === "src/upload.py",
    );
    expect(upload?.text).toContain("502");
  });

  it("does not trust a stamp with a file changed within the last two seconds", async () => {
    // An edit git does not vouch for: stamped by its own stat.
    writeFiles(repo, {
      "src/upload.py": "def should_retry(status):\n    return status >= 502\n",
    });
    // A clock a second after the files' last change, however slow the machine.
    const justAfter = () =>
      statSync(join(repo, "src/upload.py")).ctimeMs + 1000;
    await index(justAfter);

    expect((await index(justAfter)).reads).toHaveLength(2);
    // Two seconds on, the same stamps are trusted.
    await index(later);
    expect((await index(later)).reads).toEqual([]);
  });
});
