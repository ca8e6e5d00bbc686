import { once } from "node:events";
import { openCliCaches } from "../../../src/cli/open-cli-caches.js";
import {
  indexingKey,
  indexingPids,
  markIndexing,
} from "../../../src/cli/indexing-marks.js";
import type { AskResult } from "../../../src/cli/ask-result.js";
import { runAsk } from "../../../src/cli/run-ask.js";
import { runIndex } from "../../../src/cli/run-index.js";
import { startBackgroundIndex } from "../../../src/cli/start-background-index.js";
import { readRepositoryFiles } from "../../../src/retrieval/read-repository-files.js";
import { createLocalCodeHost } from "../../../src/code-host/local/local-code-host.js";
import { gitBlobSha } from "../../../src/code-host/github/git-blob-sha.js";
import {
  commitAll,
  git,
  initRepo,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";
import {
  HANDLER_QUESTION,
  TWELVE_HANDLERS,
  TWO_STAGES,
} from "../../helpers/twelve-handlers.js";

describe("askcode ask after a question that parsed only what it needed", () => {
  let repo: string;
  let cacheDir: string;
  beforeEach(() => {
    repo = initRepo();
    cacheDir = makeTempDir();
    writeFiles(repo, TWELVE_HANDLERS);
    commitAll(repo, "first");
  });
  afterEach(() => {
    removeDir(repo);
    removeDir(cacheDir);
  });

  async function ask(extra: string[] = []) {
    const started: Array<{ repo: string; ref?: string; cacheDir: string }> = [];
    await runAsk(
      [HANDLER_QUESTION, "--repo", repo, "--cache-dir", cacheDir, ...extra],
      { cwd: "/", stdout: { write: () => true } },
      {
        questionLimits: TWO_STAGES,
        startBackgroundIndex: (checkout) => started.push(checkout),
      },
    );
    return started;
  }

  // The checkout's files, and how many of them the cache directory holds no derivation of.
  const derivedOnDisk = async () => {
    const { derived } = await openCliCaches(cacheDir, {
      log: { warn() {} },
      buildId: undefined,
    });
    const host = createLocalCodeHost({ root: repo });
    try {
      const { sha } = await host.resolveRef();
      const read = await readRepositoryFiles(host.at(sha));
      const files = read.files.map((file) => ({
        ...file,
        blobSha: gitBlobSha(Buffer.from(file.text, "utf8")),
      }));
      await derived!.load(files, {});
      return {
        files: files.length,
        lacking: derived!.lacking(files, {}).length,
      };
    } finally {
      await host.close();
    }
  };

  it("starts the whole index in the background, once per checkout at a time", async () => {
    expect(await ask()).toEqual([{ repo, cacheDir }]);

    const unmark = markIndexing(cacheDir, indexingKey(repo));
    try {
      expect(await ask()).toEqual([]);
    } finally {
      unmark();
    }
  });

  it("leaves what the partial first question derived to the background index, which saves every file", async () => {
    expect(await ask()).toEqual([{ repo, cacheDir }]);
    expect(await derivedOnDisk()).toEqual({ files: 12, lacking: 12 });

    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
    );
    expect(await derivedOnDisk()).toEqual({ files: 12, lacking: 0 });
  });

  it("names a commit asked about by its SHA", async () => {
    const sha = git(repo, "rev-parse", "HEAD");
    expect(await ask(["--ref", "HEAD"])).toEqual([
      { repo, ref: sha, cacheDir },
    ]);
  });

  it("says in one line that a first answer is from a partial index, and the warm answer, on the whole index, does not", async () => {
    const answer = async (json: boolean) => {
      let printed = "";
      await runAsk(
        [
          HANDLER_QUESTION,
          "--repo",
          repo,
          "--cache-dir",
          cacheDir,
          ...(json ? ["--json"] : []),
        ],
        { cwd: "/", stdout: { write: (text: string) => (printed += text) } },
        { questionLimits: TWO_STAGES, startBackgroundIndex: () => {} },
      );
      return printed;
    };
    const first = JSON.parse(await answer(true)) as AskResult;
    // Of the 12 files only the one the question names got its tree (TWO_STAGES).
    expect(first.partialIndex).toEqual({ filesWithoutTree: 11 });
    // One note, wrapped to the terminal like every line of the answer.
    const text = (await answer(false)).replace(/\s+/g, " ");
    expect(text.split("Partial index:")).toHaveLength(2);
    expect(text).toContain(
      "Partial index: 11 of 12 files were cut on blank lines, not on their syntax trees, to answer this first question sooner; the whole index gives them their declarations and may rank other places first.",
    );

    await runIndex(
      { repo, cacheDir, quiet: true },
      { stdout: { write: () => true } },
    );
    const warm = JSON.parse(await answer(true)) as AskResult;
    expect(warm.partialIndex).toBeUndefined();
    expect(await answer(false)).not.toContain("Partial index:");
    expect(warm.places.map((p) => [p.path, p.startLine, p.endLine])).toEqual(
      first.places.map((p) => [p.path, p.startLine, p.endLine]),
    );
  });

  it("starts nothing with --no-cache", async () => {
    const started: unknown[] = [];
    await runAsk(
      [HANDLER_QUESTION, "--repo", repo, "--no-cache"],
      { cwd: "/", stdout: { write: () => true } },
      {
        questionLimits: TWO_STAGES,
        startBackgroundIndex: (checkout) => started.push(checkout),
      },
    );
    expect(started).toEqual([]);
  });

  it("the background index, a process of its own, leaves every file derived and no mark", async () => {
    const child = startBackgroundIndex({ repo, cacheDir });
    // Marked before this process could end, not once the child gets to it.
    expect(indexingPids(cacheDir)).toEqual([child.pid]);
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(indexingPids(cacheDir)).toEqual([]);

    expect(await derivedOnDisk()).toEqual({ files: 12, lacking: 0 });
    expect(await ask()).toEqual([]);
  });
});
