import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { createRedactingReader } from "../../../src/code-host/redacting-reader.js";
import { createDerivedCache } from "../../../src/retrieval/index/derived-cache.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import { indexRepository } from "../../../src/retrieval/index/index-repository.js";
import { indexForQuestion } from "../../../src/run/index-for-question.js";
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
    await ask("6dcb09b5b57875f334f61aebed695e2e4193db5e", COMMIT_ONE);
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
    // The index is the new commit's, and the secret stays redacted in it.
    const retry = next.index.chunks.find((c) => c.path === "src/retry.ts");
    expect(retry?.text).toContain("status === 429");
    const billing = next.index.chunks.find((c) => c.path === "src/billing.ts");
    expect(billing?.text).not.toContain(
      "sk_live_51H8xYzAbCdEfGhIjKlMnOpQrStUvWx",
    );
  });
});
