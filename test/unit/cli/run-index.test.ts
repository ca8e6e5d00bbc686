import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import { openCliCaches } from "../../../src/cli/open-cli-caches.js";
import { defaultAskDeps, runAsk } from "../../../src/cli/run-ask.js";
import { runIndex } from "../../../src/cli/run-index.js";
import {
  commitAll,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";

const BUILD = "d".repeat(64);

describe("runIndex", () => {
  let repo: string;
  let cacheDir: string;
  beforeEach(() => {
    repo = initRepo();
    cacheDir = makeTempDir();
    writeFiles(repo, {
      "src/upload.py":
        "def should_retry(status, attempt):\n    return attempt < 5 and status >= 500\n",
      "src/sleep.py":
        "import time\n\ndef pause(seconds):\n    time.sleep(seconds)\n",
    });
    commitAll(repo, "first");
  });
  afterEach(() => {
    removeDir(repo);
    removeDir(cacheDir);
  });

  const caches = (loads: string[]) => async (dir: string) => {
    const opened = await openCliCaches(dir, {
      log: { warn() {} },
      buildId: BUILD,
    });
    const { derived } = opened;
    if (!derived) return opened;
    return {
      ...opened,
      derived: {
        ...derived,
        load: (...args: Parameters<typeof derived.load>) => {
          loads.push("load");
          return derived.load(...args);
        },
        lacking: derived.lacking.bind(derived),
        save: derived.save.bind(derived),
        obtain: derived.obtain.bind(derived),
      },
    };
  };

  it("keeps the whole index, so a question then loads it and derives nothing", async () => {
    let printed = "";
    await runIndex(
      { repo, cacheDir, quiet: false },
      { stdout: { write: (text: string) => (printed += text) } },
      { openCaches: caches([]) },
    );
    expect(printed).toMatch(
      new RegExp(
        `^Indexed 2 files \\(\\d+ chunks\\) of ${repo} in \\d+\\.\\d s; kept in ${cacheDir}\\.\\n$`,
      ),
    );

    const loads: string[] = [];
    let answer = "";
    await runAsk(
      ["when is an upload retried?", "--repo", repo, "--cache-dir", cacheDir],
      { cwd: "/", stdout: { write: (text: string) => (answer += text) } },
      { openCaches: caches(loads) },
    );

    expect(loads).toEqual([]);
    expect(answer).toContain("src/upload.py");
  });

  it("keeps the counts of its chunks' tokens, so a question's counter tokenizes none of them", async () => {
    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
      { openCaches: caches([]) },
    );
    const host = createLocalCodeHost({ root: repo });
    const { index } = await indexCheckout(
      host.at((await host.resolveRef()).sha),
      { ...(await caches([])(cacheDir)), now: () => 0 },
    );
    await host.close();

    let loads = 0;
    // The token counts a question opens, as askcode ask and mcp open them.
    const { memo } = defaultAskDeps.openTokenCountFile(cacheDir);
    const counter = createTokenCounter(
      { model: "gpt-4o", memo },
      {
        loadEncoder: () => {
          loads++;
          return { countTokens: () => 0 };
        },
      },
    );
    // Shorter texts are their own keys: counted, not looked up.
    const texts = index.chunks
      .map((chunk) => chunk.text)
      .filter((text) => text.length >= 64);
    const real = createTokenCounter({ model: "gpt-4o" });

    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map((text) => counter.count(text))).toEqual(
      texts.map((text) => real.count(text)),
    );
    expect(loads).toBe(0);
  });

  it("prints nothing when quiet, and leaves no mark behind", async () => {
    let printed = "";
    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: (text: string) => (printed += text) } },
      { openCaches: caches([]) },
    );

    expect(printed).toBe("");
    const marks = join(cacheDir, "indexing");
    expect(existsSync(marks) ? readdirSync(marks) : []).toEqual([]);
  });
});
