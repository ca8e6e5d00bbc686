import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import { createDerivedCache } from "../../../src/retrieval/index/derived-cache.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import { indexRepository } from "../../../src/retrieval/index/index-repository.js";
import {
  indexForQuestion,
  type QuestionIndex,
} from "../../../src/run/index-for-question.js";
import { createCpuPool } from "../../../src/worker-threads/cpu-pool.js";
import { createMemoryCommitSource } from "../../helpers/memory-file-source.js";

const COMMIT_ONE = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  "src/billing.ts":
    'const STRIPE_KEY = "sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx";\nexport function reconcileInvoices(ledger: BillingLedger): void {\n  ledger.close();\n}\n',
  "docs/retries.md": "# Retries\n\nshouldRetry decides on a 5xx status.\n",
};
const COMMIT_TWO = {
  ...COMMIT_ONE,
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500 || status === 429;\n}\n",
};

/**
 * Asks on COMMIT_ONE, then on COMMIT_TWO, checking that `derivedPaths` (what
 * the caller records as derived) names every file the first time and only
 * the changed one the second.
 */
async function askBothCommits(
  ask: (sha: string, files: Record<string, string>) => Promise<QuestionIndex>,
  derivedPaths: string[],
): Promise<{ first: QuestionIndex; next: QuestionIndex }> {
  const first = await ask(
    "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    COMMIT_ONE,
  );
  expect(derivedPaths.sort()).toEqual([
    "docs/retries.md",
    "src/billing.ts",
    "src/retry.ts",
  ]);
  derivedPaths.length = 0;
  const next = await ask(
    "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
    COMMIT_TWO,
  );
  expect(derivedPaths).toEqual(["src/retry.ts"]);
  return { first, next };
}

describe("indexForQuestion with a derived cache", () => {
  it("derives on the next commit only the files whose blobs changed, through the redacting reader", async () => {
    const derived = createDerivedCache({ maxBytes: 16 * 1024 * 1024 });
    const derivedPaths: string[] = [];
    const deps = {
      indexRepository: ((files, options, reuse) =>
        indexRepository(files, options, {
          ...reuse,
          deriveFile: (file, o, counter) => {
            derivedPaths.push(file.path);
            return deriveFile(file, o, counter);
          },
        })) as typeof indexRepository,
    };
    const ask = (sha: string, files: Record<string, string>) =>
      indexForQuestion(
        createRedactingReader(
          createFileSetReader({ sha, source: createMemoryCommitSource(files) }),
        ),
        ["shouldRetry"],
        { maxRepositoryBytes: 10_000_000, exclude: () => false, derived },
        deps,
      );
    const { next } = await askBothCommits(ask, derivedPaths);
    // The index is the new commit's, and the secret stays redacted in it.
    const retry = next.index.chunks.find((c) => c.path === "src/retry.ts");
    expect(retry?.text).toContain("status === 429");
    const billing = next.index.chunks.find((c) => c.path === "src/billing.ts");
    expect(billing?.text).not.toContain(
      "sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx",
    );
  });
});

describe("indexForQuestion with threads", () => {
  const cpu = createCpuPool({ threads: 1 });
  afterAll(() => cpu.close());

  it("derives on the threads only what the cache lacks, and builds the same index as the event loop", async () => {
    const derived = createDerivedCache({ maxBytes: 16 * 1024 * 1024 });
    const onThreads: string[] = [];
    const threads = {
      derive: (
        files: ReadonlyArray<{ path: string; text: string }>,
        o: object,
      ) => {
        onThreads.push(...files.map((f) => f.path));
        return cpu.derive(files, o);
      },
    };
    const reader = (sha: string, files: Record<string, string>) =>
      createRedactingReader(
        createFileSetReader({ sha, source: createMemoryCommitSource(files) }),
      );
    const options = { maxRepositoryBytes: 10_000_000, exclude: () => false };
    const ask = (sha: string, files: Record<string, string>) =>
      indexForQuestion(reader(sha, files), ["shouldRetry"], {
        ...options,
        derived,
        cpu: threads,
      });

    const { first, next } = await askBothCommits(ask, onThreads);

    // The same index as one derived on the event loop, without a cache.
    const inPlace = await indexForQuestion(
      reader("7fd1a60b01f91b314f59955a4e4d4e80d8edf11d", COMMIT_TWO),
      ["shouldRetry"],
      options,
    );
    expect(next.index.chunks).toEqual(inPlace.index.chunks);
    expect([...next.index.definitions]).toEqual([...inPlace.index.definitions]);
    expect(
      first.index.chunks.find((c) => c.path === "src/billing.ts")?.text,
    ).not.toContain("sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx");
  });
});
