import { statSync } from "node:fs";
import { join } from "node:path";
import type { CodeReader } from "../../../src/code-host/code-host.js";
import { createStampedValues } from "../../../src/code-host/file-set/stamped-values.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import type { SourceFile } from "../../../src/retrieval/types.js";
import {
  commitAll,
  initRepo,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const FILES = {
  "src/upload.py": "def should_retry(status):\n    return status >= 500\n",
  "src/sleep.py":
    "import time\n\ndef pause(seconds):\n    time.sleep(seconds)\n",
};

// The files a session read, by the tree's stamp (askcode mcp, between calls
// made before the whole index lands: no index kept to load).
describe("indexCheckout with the files read kept by the tree's stamp", () => {
  let repo: string;
  beforeEach(() => {
    repo = initRepo();
    writeFiles(repo, FILES);
    commitAll(repo, "first");
  });
  afterEach(() => removeDir(repo));

  // Stamps are trusted once their files last changed 2 s before: a clock
  // 3 s on trusts files written now.
  const later = () => Date.now() + 3000;

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
        const reader = host.at(sha);
        const reads: string[] = [];
        let listings = 0;
        const counting: CodeReader = {
          ...reader,
          ...(reader.treeStamp && { treeStamp: reader.treeStamp }),
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
        const checkout = await indexCheckout(counting, {
          stampedFiles,
          now: () => 0,
        });
        return { reads: reads.sort(), listings, checkout };
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
