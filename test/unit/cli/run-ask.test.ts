import { openCliCaches } from "../../../src/cli/open-cli-caches.js";
import { runAsk } from "../../../src/cli/run-ask.js";
import type { AskResult } from "../../../src/cli/ask-result.js";
import { startCheckoutReads } from "../../../src/code-host/local/start-checkout-reads.js";
import { RefNotFoundError } from "../../../src/shared/errors.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { loadEncoder } from "../../../src/tokens/load-encoder.js";
import {
  git,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const UPLOAD = `import { sleep } from "./sleep.js";

/** Decides whether a failed upload is tried again. */
export function shouldRetryUpload(status: number, attempt: number): boolean {
  if (attempt >= MAX_ATTEMPTS) return false;
  return status === 429 || status >= 500;
}

const MAX_ATTEMPTS = 5;

export async function upload(body: Uint8Array, send: (b: Uint8Array) => Promise<number>) {
  for (let attempt = 0; ; attempt++) {
    const status = await send(body);
    if (status < 400 || !shouldRetryUpload(status, attempt)) return status;
    await sleep(2 ** attempt * 100);
  }
}
`;

function capture() {
  let text = "";
  return {
    stdout: { write: (chunk: string) => (text += chunk) },
    text: () => text,
  };
}

describe("runAsk", () => {
  let repo: string;
  beforeAll(() => {
    repo = makeTempDir();
    writeFiles(repo, {
      "src/upload.ts": UPLOAD,
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n",
      "README.md": "# uploader\n\nUploads files.\n",
      // Enough unrelated text that the whole repository exceeds a small budget.
      "docs/changelog.md": Array.from(
        { length: 160 },
        (_, i) => `- 1.${i}.0: faster listing of buckets in region ${i}`,
      ).join("\n"),
      ".gitignore": "dist/\n",
      "dist/upload.js": "function shouldRetryUpload(){}\n",
    });
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
  });
  afterAll(() => removeDir(repo));

  it("prints the places that answer the question, with excerpts and the packing report", async () => {
    const out = capture();
    await runAsk(
      [
        "where do we decide to retry a failed upload?",
        "--repo",
        repo,
        "--no-cache",
      ],
      { cwd: "/", stdout: out.stdout },
    );

    const text = out.text();
    expect(text).toContain(
      "Question: where do we decide to retry a failed upload?",
    );
    expect(text).toMatch(/^1\. src\/upload\.ts:\d+-\d+/m);
    expect(text).toContain(
      "export function shouldRetryUpload(status: number, attempt: number): boolean {",
    );
    expect(text).toMatch(
      /Packed context: the whole repository, 5 files in [\d,]+ of 12,000\s+tokens\s+\(o200k_base\)/,
    );
    // .gitignore'd build output is never read.
    expect(text).not.toContain("dist/upload.js");
  });

  it("prints the same as JSON, within the budget", async () => {
    const out = capture();
    await runAsk(
      [
        "shouldRetryUpload",
        "--repo",
        repo,
        "--no-cache",
        "--json",
        "--budget",
        "1000",
      ],
      { cwd: "/", stdout: out.stdout },
    );

    const result = JSON.parse(out.text()) as AskResult;
    expect(result.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(result.places[0]).toMatchObject({ path: "src/upload.ts" });
    expect(result.places[0]!.excerpt).toContain("shouldRetryUpload");
    expect(result.packing.budget).toBe(1000);
    expect(result.packing.tokensUsed).toBeLessThanOrEqual(1000);
    expect(result.packing.mode).toBe("ranked-chunks");
    expect(result.filesRanked).toBe(5);
  });

  it("reads a commit of the checkout with --ref", async () => {
    const out = capture();
    await runAsk(
      [
        "shouldRetryUpload",
        "--repo",
        repo,
        "--no-cache",
        "--ref",
        "HEAD",
        "--json",
      ],
      { cwd: "/", stdout: out.stdout },
    );
    const result = JSON.parse(out.text()) as AskResult;
    expect(result.ref).toBe("HEAD");
    expect(result.sha).toBe(git(repo, "rev-parse", "HEAD"));
  });

  it("answers at the commit git named in the reads started before it (askcode ask starts them as it loads)", async () => {
    const moving = makeTempDir();
    try {
      writeFiles(moving, { "src/upload.ts": UPLOAD });
      git(moving, "init", "-q");
      git(moving, "add", ".");
      git(moving, "commit", "-qm", "first");
      const first = git(moving, "rev-parse", "HEAD");
      const early = startCheckoutReads(moving);
      await early.stamp;
      git(moving, "commit", "-q", "--allow-empty", "-m", "second");
      const out = capture();

      await runAsk(
        ["shouldRetryUpload", "--repo", moving, "--no-cache", "--json"],
        { cwd: "/", stdout: out.stdout, early },
      );

      expect((JSON.parse(out.text()) as AskResult).sha).toBe(first);
    } finally {
      removeDir(moving);
    }
  });

  it("says so when the ref does not exist", async () => {
    const out = capture();
    await expect(
      runAsk(
        ["anything", "--repo", repo, "--no-cache", "--ref", "no-such-branch"],
        {
          cwd: "/",
          stdout: out.stdout,
        },
      ),
    ).rejects.toThrow(RefNotFoundError);
    expect(out.text()).toBe("");
  });
});

describe("runAsk with a cache directory", () => {
  let repo: string;
  let cacheDir: string;
  beforeAll(() => {
    repo = makeTempDir();
    cacheDir = makeTempDir();
    writeFiles(repo, {
      "src/upload.ts": UPLOAD,
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n",
    });
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
  });
  afterAll(() => {
    removeDir(repo);
    removeDir(cacheDir);
  });

  // Each run opens the directory afresh, as a new process would, and counts
  // the files it had to derive (chunk and count) itself, and whether it
  // loaded derivations at all (it does not when a whole index was kept).
  let loadedDerivations = false;
  let lastOutput = "";
  async function askCounting(
    options: { buildId?: string } = {},
  ): Promise<string[]> {
    const derivedPaths: string[] = [];
    loadedDerivations = false;
    const out = capture();
    await runAsk(
      ["where is an upload retried?", "--repo", repo, "--cache-dir", cacheDir],
      { cwd: "/", stdout: out.stdout },
      {
        openCaches: async (dir) => {
          const caches = await openCliCaches(dir, {
            log: { warn() {} },
            buildId: options.buildId,
          });
          const { derived } = caches;
          if (!derived) return caches;
          return {
            ...caches,
            derived: {
              ...derived,
              load: (files, chunkOptions) => {
                loadedDerivations = true;
                return derived.load(files, chunkOptions);
              },
              lacking: derived.lacking.bind(derived),
              save: derived.save.bind(derived),
              obtain: (file, text, chunkOptions, derive) =>
                derived.obtain(file, text, chunkOptions, () => {
                  derivedPaths.push(file.path);
                  return derive();
                }),
            },
          };
        },
      },
    );
    lastOutput = out.text().replace(/\d+ ms/g, "N ms");
    return derivedPaths.sort();
  }

  it("derives every file on the first question and none on the second", async () => {
    expect(await askCounting()).toStrictEqual([
      "src/sleep.ts",
      "src/upload.ts",
    ]);
    expect(await askCounting()).toStrictEqual([]);
  });

  it("loads the whole index kept for unchanged files, and assembles again after a change", async () => {
    const buildId = "b".repeat(64);
    removeDir(cacheDir);
    cacheDir = makeTempDir();
    await askCounting({ buildId });
    const assembled = lastOutput;

    expect(await askCounting({ buildId })).toStrictEqual([]);
    expect(loadedDerivations).toBe(false);
    expect(lastOutput).toBe(assembled);

    // Another build of askcode never reads this one's index.
    await askCounting({ buildId: "c".repeat(64) });
    expect(loadedDerivations).toBe(true);

    writeFiles(repo, {
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));\n",
    });
    expect(await askCounting({ buildId })).toStrictEqual(["src/sleep.ts"]);
    expect(loadedDerivations).toBe(true);
  });

  it("loads no tokenizer for a question asked again, and prints the same answer", async () => {
    const loads: string[] = [];
    const ask = async () => {
      const out = capture();
      await runAsk(
        [
          "where is an upload retried?",
          "--repo",
          repo,
          "--cache-dir",
          cacheDir,
        ],
        { cwd: "/", stdout: out.stdout },
        {
          createTokenCounter: (options) =>
            createTokenCounter(options, {
              loadEncoder: (name) => {
                loads.push(name);
                return loadEncoder(name);
              },
              warmEncoder: async (name) => {
                loads.push(name);
              },
            }),
        },
      );
      return out.text().replace(/\d+ ms/g, "N ms");
    };
    removeDir(cacheDir);
    cacheDir = makeTempDir();

    const first = await ask();
    expect(loads.length).toBeGreaterThan(0);
    loads.length = 0;
    const second = await ask();

    expect(loads).toStrictEqual([]);
    expect(second).toBe(first);
  });

  it("derives only the file that changed in the working tree", async () => {
    await askCounting();
    writeFiles(repo, {
      "src/sleep.ts":
        "export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));\n",
    });
    expect(await askCounting()).toStrictEqual(["src/sleep.ts"]);
  });
});
