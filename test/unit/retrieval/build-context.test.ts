import { buildContext } from "../../../src/retrieval/build-context.js";
import { readRepositoryFiles } from "../../../src/retrieval/read-repository-files.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createMemoryCodeReader } from "../../helpers/memory-code-reader.js";

const tokenCounter = createTokenCounter({ model: "gpt-4o" });

const repository = {
  "src/retry.ts": [
    "export const MAX_ATTEMPTS = 5;",
    "",
    "/** Decides whether another attempt is worth it. */",
    "export function shouldRetry(attempt: number, status: number): boolean {",
    "  if (attempt >= MAX_ATTEMPTS) return false;",
    "  return status === 429 || status >= 500;",
    "}",
    "",
  ].join("\n"),
  "src/client.ts":
    "import { shouldRetry } from './retry.js';\n\nexport async function send(request: Request) {\n  return fetch(request);\n}\n",
  "test/retry.test.ts":
    "import { shouldRetry } from '../src/retry.js';\n\ntest('gives up', () => expect(shouldRetry(5, 500)).toBe(false));\n",
  "node_modules/left-pad/index.js":
    "module.exports = function leftPad() { /* shouldRetry */ };\n",
  "package-lock.json": '{ "lockfileVersion": 3 }\n',
  "assets/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
  "dist/bundle.js": "function shouldRetry(){}\n",
  ".env": "TOKEN=secret\n",
  "data/blob.bin.txt": "a\u0000b",
};

describe("buildContext", () => {
  it("reads text files through the reader, ranks and packs them, and reports timings", async () => {
    const reader = createMemoryCodeReader(repository);
    const built = await buildContext({
      reader,
      question: "How does `shouldRetry` decide when to give up?",
      budget: 2000,
      tokenCounter,
    });
    // Binary, vendored, generated, lock and secret files are never read.
    expect([...reader.reads].sort()).toEqual([
      "data/blob.bin.txt",
      "src/client.ts",
      "src/retry.ts",
      "test/retry.test.ts",
    ]);
    expect(built.fileCount).toBe(3);
    expect(built.skipped).toEqual({
      vendored: 1,
      "lock-file": 1,
      binary: 2,
      generated: 1,
      secret: 1,
    });
    expect(built.ranked[0]?.chunk.path).toBe("src/retry.ts");
    expect(built.context.mode).toBe("whole-repository");
    expect(built.context.text).toContain("export function shouldRetry");
    expect(built.context.text).not.toContain("TOKEN=secret");
    expect(built.context.tokensUsed).toBeLessThanOrEqual(2000);
    for (const key of [
      "readMs",
      "indexMs",
      "rankMs",
      "packMs",
      "totalMs",
    ] as const) {
      expect(built.timings[key]).toBeGreaterThanOrEqual(0);
    }
  });

  it("uses files the caller already holds instead of reading them again", async () => {
    const reader = createMemoryCodeReader(repository);
    const built = await buildContext({
      reader,
      files: [{ path: "src/retry.ts", text: repository["src/retry.ts"] }],
      question: "shouldRetry",
      budget: 50,
      tokenCounter,
    });
    expect(reader.reads).toEqual([]);
    expect(built.context.mode).toBe("ranked-chunks");
    expect(built.context.tokensUsed).toBeLessThanOrEqual(50);
  });

  it("takes its steps from deps", async () => {
    const calls: string[] = [];
    const built = await buildContext(
      {
        reader: createMemoryCodeReader({}),
        question: "q",
        budget: 10,
        tokenCounter,
      },
      {
        readRepositoryFiles: async () => {
          calls.push("read");
          return { files: [], skipped: {}, treeTruncated: true };
        },
      },
    );
    expect(calls).toEqual(["read"]);
    expect(built.treeTruncated).toBe(true);
    expect(built.context).toMatchObject({
      text: "",
      chunksReturned: 0,
      chunksAvailable: 0,
    });
  });
});

describe("readRepositoryFiles", () => {
  it("stops reading at the byte limit, code first", async () => {
    const reader = createMemoryCodeReader({
      "docs/guide.md": "x".repeat(100),
      "src/a.py": "y".repeat(100),
      "tests/test_a.py": "z".repeat(100),
    });
    const { files, skipped } = await readRepositoryFiles(reader, {
      maxTotalBytes: 150,
      concurrency: 1,
    });
    expect(files.map((f) => f.path)).toEqual(["src/a.py"]);
    expect(skipped).toEqual({ limit: 2 });
  });

  it("takes an extra exclusion rule", async () => {
    const reader = createMemoryCodeReader({
      "src/a.py": "a = 1\n",
      "src/generated_pb2.py": "b = 2\n",
    });
    const { files } = await readRepositoryFiles(reader, {
      exclude: (path) => path.endsWith("_pb2.py"),
    });
    expect(files.map((f) => f.path)).toEqual(["src/a.py"]);
  });
});
