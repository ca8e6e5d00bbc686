import { readFileSync } from "node:fs";
import {
  chunkedWithoutGrammar,
  chunkFile,
  loadGrammarsFor,
} from "../../../../src/retrieval/chunks/chunk-file.js";
import type { Chunk } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const fixture = (name: string): string =>
  readFileSync(
    new URL(`../../../fixtures/retrieval/${name}`, import.meta.url),
    "utf8",
  );

/** Chunks must cover the file: contiguous, in order, and their texts are the file's lines. */
function expectCoverage(chunks: Chunk[], text: string): void {
  const lines = text.replace(/\n$/, "").split("\n");
  let next = 1;
  for (const chunk of chunks) {
    expect(chunk.startLine).toBe(next);
    expect(chunk.endLine).toBeGreaterThanOrEqual(chunk.startLine);
    expect(chunk.text).toBe(
      lines.slice(chunk.startLine - 1, chunk.endLine).join("\n"),
    );
    next = chunk.endLine + 1;
  }
  expect(next - 1).toBe(lines.length);
}

describe("chunkFile", () => {
  describe("Python before its grammar has loaded", () => {
    // Runs before the describe below loads the grammar: what a synchronous
    // caller that skipped `loadGrammarsFor` gets. No line rules read Python.
    it("is cut on blank lines, declaring nothing, and said to be", () => {
      const text = fixture("session.py");
      expect(chunkedWithoutGrammar("pkg/session.py")).toBe(true);
      const chunks = chunkFile({ path: "pkg/session.py", text });
      expectCoverage(chunks, text);
      for (const chunk of chunks)
        expect(chunk).toMatchObject({
          kind: "block",
          context: "",
          defines: [],
        });
    });
  });

  describe("Python, on its syntax tree", () => {
    const text = fixture("session.py");
    let chunks: Chunk[] = [];
    beforeAll(async () => {
      await loadGrammarsFor([{ path: "pkg/session.py" }]);
      chunks = chunkFile({ path: "pkg/session.py", text });
    });

    it("covers the file with contiguous chunks", () => {
      expect(chunkedWithoutGrammar("pkg/session.py")).toBe(false);
      expectCoverage(chunks, text);
    });

    it("cuts a large class into its methods, each named with its class", () => {
      const send = chunks.find((c) => c.defines.includes("send"));
      expect(send).toMatchObject({
        kind: "method",
        context: "class Session › def send",
        startLine: 48,
      });
      expect(
        send?.text.startsWith("    def send(self, url, timeout=None):"),
      ).toBe(true);
      const header = chunks.find((c) => c.defines.includes("Session"));
      expect(header).toMatchObject({
        kind: "class",
        context: "class Session",
        startLine: 23,
        endLine: 27,
      });
      expect(header?.text).toContain("class Session:");
      // A method too long for one chunk is cut on its statements, each
      // piece named with the method.
      const prepare = chunks.filter(
        (c) => c.context === "class Session › def prepare",
      );
      expect(prepare.map((c) => [c.startLine, c.kind])).toEqual([
        [28, "method"],
        [37, "block"],
        [44, "block"],
      ]);
    });

    it("keeps decorators and leading comments with their function", () => {
      const backoff = chunks.find((c) => c.defines.includes("backoff"));
      expect(backoff?.text).toContain(
        "# Retries back off exponentially.\n@staticmethod\ndef backoff(attempt):",
      );
    });

    it("records the file's functions, classes and methods, not a function's locals", () => {
      const names = chunks.flatMap((c) => c.defines);
      expect(names).toEqual(
        expect.arrayContaining([
          "merge_setting",
          "backoff",
          "Session",
          "prepare",
          "close",
          "session",
        ]),
      );
      expect(names).not.toContain("step_3");
    });

    it("stays near the token limit", () => {
      const counter = createTokenCounter();
      const small = chunkFile(
        { path: "pkg/session.py", text },
        { maxTokens: 120, mergeTokens: 60 },
      );
      expectCoverage(small, text);
      for (const chunk of small) {
        // Whole lines are never split, so a chunk may pass the limit by one long line.
        expect(counter.count(chunk.text)).toBeLessThanOrEqual(120 * 1.5);
      }
      expect(small.length).toBeGreaterThan(chunks.length);
      expect(small.find((c) => c.defines.includes("backoff"))).toMatchObject({
        startLine: 17,
        endLine: 22,
        context: "def backoff",
      });
    });
  });

  describe("JavaScript and TypeScript, on their syntax trees", () => {
    const text = fixture("job-queue.ts");
    beforeAll(() => loadGrammarsFor([{ path: "src/job-queue.ts" }]));

    it("cuts at top-level declarations and names them", () => {
      const chunks = chunkFile(
        { path: "src/job-queue.ts", text },
        { maxTokens: 600, mergeTokens: 40 },
      );
      expectCoverage(chunks, text);
      const names = chunks.flatMap((c) => c.defines);
      expect(names).toEqual(
        expect.arrayContaining([
          "DEFAULT_TIMEOUT_MS",
          "Job",
          "JobQueue",
          "createQueue",
          "isJob",
        ]),
      );
      const queue = chunks.find((c) => c.defines.includes("JobQueue"));
      expect(queue?.text).toMatch(
        /^\/\*\*\n \* A queue of jobs with retries\.\n \*\/\nexport class JobQueue/,
      );
      expect(queue?.defines).toEqual(
        expect.arrayContaining(["add", "drain", "run"]),
      );
      expect(chunks.find((c) => c.defines.includes("createQueue"))?.kind).toBe(
        "function",
      );
      // Cut on the tree: each chunk says which lines compression keeps.
      for (const chunk of chunks) expect(chunk.outline).toBeDefined();
    });

    it("cuts a large class into methods", () => {
      const chunks = chunkFile(
        { path: "src/job-queue.ts", text },
        { maxTokens: 60, mergeTokens: 10 },
      );
      expectCoverage(chunks, text);
      expect(chunks.find((c) => c.defines.includes("drain"))).toMatchObject({
        kind: "method",
        context: "class JobQueue › method drain",
      });
    });
  });

  describe("CommonJS: functions assigned to a module's objects", () => {
    const text = fixture("response.js");
    beforeAll(() => loadGrammarsFor([{ path: "lib/response.js" }]));

    it("names each by what it is assigned to, not by its locals", () => {
      const chunks = chunkFile(
        { path: "lib/response.js", text },
        { maxTokens: 120, mergeTokens: 20 },
      );
      expectCoverage(chunks, text);
      const redirect = chunks.find((c) => c.defines.includes("redirect"));
      expect(redirect).toMatchObject({
        kind: "function",
        context: "function res.redirect",
        startLine: 10,
      });
      expect(redirect?.defines).toEqual(["res.redirect", "redirect"]);
      expect(chunks.find((c) => c.defines.includes("location"))?.context).toBe(
        "function res.location",
      );
      // `var address = url;` and the others are res.redirect's own.
      const names = chunks.flatMap((c) => c.defines);
      for (const local of ["address", "body", "status", "loc", "u"])
        expect(names).not.toContain(local);
    });
  });

  describe("other text", () => {
    it("cuts at blank lines, up to the limit", () => {
      const paragraphs = Array.from(
        { length: 12 },
        (_, i) => `Paragraph ${i}\n${"word ".repeat(40)}`,
      );
      const text = paragraphs.join("\n\n") + "\n";
      const chunks = chunkFile(
        { path: "docs/guide.md", text },
        { maxTokens: 150 },
      );
      expectCoverage(chunks, text);
      expect(chunks.length).toBeGreaterThan(3);
      for (const chunk of chunks.slice(0, -1))
        expect(
          chunk.text.endsWith("\n") || chunk.text.split("\n").pop() === "",
        ).toBe(true);
      for (const chunk of chunks)
        expect(chunk).toMatchObject({
          context: "",
          defines: [],
        });
    });

    it("cuts text with no blank lines between lines", () => {
      const text = Array.from(
        { length: 400 },
        (_, i) => `line ${i} ${"x".repeat(30)}`,
      ).join("\n");
      const chunks = chunkFile(
        { path: "data/list.txt", text },
        { maxTokens: 100 },
      );
      expectCoverage(chunks, text);
      for (const chunk of chunks)
        expect(chunk.text.length).toBeLessThanOrEqual(400 + 40);
    });
  });

  it("handles empty files, CRLF line ends and a missing final newline", async () => {
    await loadGrammarsFor([{ path: "a.ts" }]);
    expect(chunkFile({ path: "a.ts", text: "" })).toEqual([]);
    const chunks = chunkFile({
      path: "a.ts",
      text: "function f() {\r\n  return 1;\r\n}\r\n\r\nfunction g() {\r\n  return 2;\r\n}",
    });
    expect(chunks.map((c) => c.text).join("\n")).toBe(
      "function f() {\n  return 1;\n}\n\nfunction g() {\n  return 2;\n}",
    );
    expect(chunks.flatMap((c) => c.defines)).toEqual(["f", "g"]);
  });

  it("is not fooled by declarations inside template literals or comments", async () => {
    await loadGrammarsFor([{ path: "a.js" }]);
    const text =
      "const HELP = `\nfunction notAFunction() {\nclass NotAClass {\n`;\n\n/*\nfunction commented() {\n*/\nfunction real() {\n  return HELP;\n}\n";
    const names = chunkFile(
      { path: "a.js", text },
      { maxTokens: 10, mergeTokens: 1 },
    ).flatMap((c) => c.defines);
    expect(names).toEqual(["HELP", "real"]);
  });
});
