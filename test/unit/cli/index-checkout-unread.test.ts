import { statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { createBlobStore } from "../../../src/cache/blob-store.js";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createStampedValues } from "../../../src/code-host/file-set/stamped-values.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import { createIndexSnapshots } from "../../../src/cli/index-snapshots.js";
import { createDerivedCache } from "../../../src/retrieval/index/derived-cache.js";
import type { SourceFile } from "../../../src/retrieval/types.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import { countingReader } from "../../helpers/counting-reader.js";

const FILES = {
  "src/upload.py": "def should_retry(status):\n    return status >= 500\n",
  "src/sleep.py":
    "import time\n\ndef pause(seconds):\n    time.sleep(seconds)\n",
};

// A checkout of FILES, committed, for each test.
let repo: string;
beforeEach(() => {
  repo = initRepo();
  writeFiles(repo, FILES);
  commitAll(repo, "first");
});
afterEach(() => removeDir(repo));

// Stamps are trusted once their files last changed 2 s before: a clock
// 3 s on trusts files written now (writing, even utimes, sets ctime).
const later = () => Date.now() + 3000;

describe("indexCheckout of an unchanged working tree", () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = makeTempDir();
  });
  afterEach(() => removeDir(cacheDir));

  async function index(
    now = later,
    treeStamp?: (reader: CodeReader) => CodeReader["treeStamp"],
  ) {
    const host = createLocalCodeHost({ root: repo });
    try {
      const { sha } = await host.resolveRef();
      const reader = host.at(sha);
      const counted = countingReader(reader, treeStamp?.(reader));
      const blobs = await createBlobStore({ dir: cacheDir, maxBytes: 1 << 26 });
      const checkout = await indexCheckout(counted.reader, {
        derived: createDerivedCache({ maxBytes: 1 << 26, blobs }),
        snapshots: createIndexSnapshots(blobs, "e".repeat(64), { now }),
        now: () => 0,
      });
      return {
        reads: counted.reads.sort(),
        listings: counted.listings(),
        checkout,
      };
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

// The files a session read, by the tree's stamp (askcode mcp, between calls
// made before the whole index lands: no index kept to load).
describe("indexCheckout with the files read kept by the tree's stamp", () => {
  function session(now = later) {
    const stampedFiles = createStampedValues<SourceFile[]>({
      maxBytes: 1 << 20,
      sizeOf: (files) => files.length,
      racyMs: 2000,
      now,
    });
    return async () => {
      const host = createLocalCodeHost({ root: repo });
      try {
        const { sha } = await host.resolveRef();
        const counted = countingReader(host.at(sha));
        const checkout = await indexCheckout(counted.reader, {
          stampedFiles,
          now: () => 0,
        });
        return {
          reads: counted.reads.sort(),
          listings: counted.listings(),
          checkout,
        };
      } finally {
        await host.close();
      }
    };
  }

  it("neither lists nor reads a file at the stamp an earlier read kept, and indexes the same files", async () => {
    const index = session();
    const first = await index();
    expect(first.reads).toEqual(["src/sleep.py", "src/upload.py"]);

    const second = await index();

    expect(second.listings).toBe(0);
    expect(second.reads).toEqual([]);
    expect(second.checkout.files).toBe(first.checkout.files);
  });

  it("reads again once a file changed, and finds the change", async () => {
    const index = session();
    await index();
    writeFiles(repo, {
      "src/upload.py": "def should_retry(status):\n    return status >= 502\n",
    });

    const changed = await index();

    expect(changed.reads).toEqual(["src/sleep.py", "src/upload.py"]);
    const upload = changed.checkout.files.find(
      (f) => f.path === "src/upload.py",
    );
    expect(upload?.text).toContain("502");
  });

  it("does not trust a stamp with a file changed within the last two seconds", async () => {
    writeFiles(repo, {
      "src/upload.py": "def should_retry(status):\n    return status >= 502\n",
    });
    const justAfter = () =>
      statSync(join(repo, "src/upload.py")).ctimeMs + 1000;
    const index = session(justAfter);
    await index();

    expect((await index()).reads).toHaveLength(2);
  });
});
