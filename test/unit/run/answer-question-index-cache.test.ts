import type { WholeRepositoryVerdict } from "../../../src/code-host/code-host.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { buildContext } from "../../../src/retrieval/build-context.js";
import {
  createIndexCache,
  type IndexCache,
} from "../../../src/retrieval/index/index-cache.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../../../src/retrieval/index/index-repository.js";
import { runAt } from "../../../src/question/run-at.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import type { SourceFile } from "../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import {
  createMemoryFileSource,
  type MemoryFileSource,
} from "../../helpers/memory-file-source.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const OTHER_SHA = "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d";
const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  "src/billing.ts":
    'const STRIPE_KEY = "sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx";\nexport function reconcileInvoices(ledger: BillingLedger): void {\n  ledger.close();\n}\n',
  "docs/retries.md": "# Retries\n\nshouldRetry decides on a 5xx status.\n",
};
const tokenCounter = createTokenCounter({ model: "gpt-4o" });

interface Ask {
  question?: string;
  sha?: string;
  excludePaths?: string[];
  /** The host's verdict on reading the repository whole (none: a host on disk, always cheap). */
  whole?: WholeRepositoryVerdict;
  indexes?: IndexCache;
  namespace?: string;
  source?: MemoryFileSource;
}

/** One retrieval-only question, with a new reader as each run gets; counts index builds. */
function asker(builds: { count: number; fail?: number }) {
  const spy: typeof indexRepository = (files, options) => {
    builds.count++;
    if (builds.fail && builds.fail-- > 0)
      throw new Error("out of memory while indexing");
    return indexRepository(files, options);
  };
  return async (ask: Ask = {}) => {
    const rendered = await answerQuestion(
      {
        repository: {
          at: runAt({
            source: "memory",
            owner: "octo-org",
            repo: "hello-world",
            htmlUrl: "https://github.com/octo-org/hello-world",
            ref: "main",
            reader: {
              ...createFileSetReader({
                sha: ask.sha ?? SHA,
                source: ask.source ?? createMemoryFileSource(FILES),
              }),
              ...(ask.whole && { wholeRepository: async () => ask.whole! }),
            },
            budgets: defaultRepoConfig().budgets,
          }),
          excludePaths: ask.excludePaths ?? [],
          maxRepositoryBytes: 10_000_000,
        },
        asked: {
          question: ask.question ?? "@askcode where are retries decided?",
          asker: "asker",
          issue: { number: 1, title: "Retries", body: "", comments: [] },
        },
        settings: resolveRunSettings(defaultRepoConfig(), {
          model: "gpt-4o",
          contextWindow: 128_000,
        }),
        services: {
          model: undefined,
          tokenCounter,
          clock: createFakeClock(),
          log: { info: () => {}, warn: () => {} },
          progress: async () => {},
          indexCache: ask.indexes && {
            indexes: ask.indexes,
            namespace: ask.namespace ?? "installation:42",
          },
        },
      },
      { indexRepository: spy },
    );
    return rendered.body;
  };
}

const totalReads = (source: MemoryFileSource) =>
  [...source.reads.values()].reduce((sum, n) => sum + n, 0);

describe("answerQuestion with an index cache", () => {
  it("indexes a commit once: a second question reads no file and answers as a fresh index would", async () => {
    const builds = { count: 0 };
    const ask = asker(builds);
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const source = createMemoryFileSource(FILES);
    await ask({ indexes, source });
    expect(builds.count).toBe(1);
    const readsAfterFirst = totalReads(source);
    expect(readsAfterFirst).toBeGreaterThan(0);

    const question = "@askcode what does reconcileInvoices close?";
    const reused = await ask({ indexes, source, question });
    expect(builds.count).toBe(1);
    expect(totalReads(source)).toBe(readsAfterFirst);
    expect(reused).toBe(await ask({ question }));
    expect(reused).toContain("src/billing.ts");
    // The kept index is of redacted text, as a fresh one is.
    expect(reused).not.toContain("sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx");
  });

  it("indexes again for another commit, exclude configuration or installation", async () => {
    const builds = { count: 0 };
    const ask = asker(builds);
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    await ask({ indexes });
    await ask({ indexes, sha: OTHER_SHA });
    expect(builds.count).toBe(2);
    const excluded = await ask({ indexes, excludePaths: ["docs/**"] });
    expect(builds.count).toBe(3);
    expect(excluded).not.toContain("docs/retries.md");
    await ask({ indexes, namespace: "installation:43" });
    expect(builds.count).toBe(4);
    // Each of the four is kept: asking any of them again builds nothing.
    await ask({ indexes, sha: OTHER_SHA });
    await ask({ indexes, excludePaths: ["docs/**"] });
    expect(builds.count).toBe(4);
  });

  it("builds once for two questions asked together on one commit", async () => {
    const builds = { count: 0 };
    const ask = asker(builds);
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const [first, second] = await Promise.all([
      ask({ indexes }),
      ask({ indexes, question: "@askcode what does reconcileInvoices close?" }),
    ]);
    expect(builds.count).toBe(1);
    expect(first).toContain("src/retry.ts");
    expect(second).toContain("src/billing.ts");
  });

  it("builds again for the next question after a build failed", async () => {
    const builds = { count: 0, fail: 1 };
    const ask = asker(builds);
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    await expect(ask({ indexes })).rejects.toThrow(
      "out of memory while indexing",
    );
    expect(await ask({ indexes })).toContain("src/retry.ts");
    expect(builds.count).toBe(2);
    await ask({ indexes });
    expect(builds.count).toBe(2);
  });

  it("never keeps the index of candidates, which depend on the question", async () => {
    const builds = { count: 0 };
    const ask = asker(builds);
    const indexes = createIndexCache({ maxBytes: 64 * 1024 * 1024 });
    const whole = { cheap: false, why: "too large to read whole" } as const;
    const first = await ask({ indexes, whole });
    const second = await ask({
      indexes,
      whole,
      question: "@askcode what does reconcileInvoices close?",
    });
    expect(builds.count).toBe(2);
    expect(indexes.heldBytes).toBe(0);
    // Each question ranked the files its own search named.
    expect(first).not.toContain("src/billing.ts");
    expect(second).toContain("src/billing.ts");
  });

  it("indexes every question without a cache", async () => {
    const builds = { count: 0 };
    const ask = asker(builds);
    await ask();
    await ask();
    expect(builds.count).toBe(2);
  });
});

describe("buildContext with an index built earlier", () => {
  it("packs the same context as from the files themselves", async () => {
    const reader = createRedactingReader(
      createFileSetReader({ sha: SHA, source: createMemoryFileSource(FILES) }),
    );
    const files: SourceFile[] = [];
    for (const path of Object.keys(FILES)) {
      const content = await reader.readFile(path);
      if (content.kind === "text") files.push({ path, text: content.text });
    }
    const index: RepositoryIndex = indexRepository(files);
    for (const question of [
      "where are retries decided?",
      "what does reconcileInvoices close?",
    ]) {
      const common = { reader, question, budget: 400, tokenCounter };
      const fresh = await buildContext({ ...common, files });
      const reused = await buildContext({ ...common, index });
      expect(reused.index).toBe(index);
      expect(reused.context).toStrictEqual(fresh.context);
      expect(reused.ranked).toStrictEqual(fresh.ranked);
      expect(reused.fileCount).toBe(fresh.fileCount);
    }
  });
});
