import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import type { PackOptions } from "../../../../src/retrieval/pack/packing-types.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";
import { seededRandom } from "../../../helpers/seeded-random.js";

const counter = createTokenCounter({ model: "gpt-4o" });

function pack(
  files: SourceFile[],
  question: string,
  budget: number,
  options?: PackOptions,
) {
  const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
  const { ranked, available } = rankChunks(index, analyzeQuery(question));
  const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
  return packContext({
    ranked,
    chunksAvailable: available,
    files: index.files,
    lineCount: (path) => lines.get(path) ?? 0,
    budget,
    tokenCounter: counter,
    options,
  });
}

const NAMES = [
  "fetch",
  "parse_header",
  "retryPolicy",
  "Session",
  "encode_body",
  "timeout",
  "close",
  "merge_settings",
  "Cache",
  "resolve_url",
];

/** A random Python-ish repository: functions and classes that use each other's names. */
function randomRepository(seed: number): {
  files: SourceFile[];
  question: string;
} {
  const random = seededRandom(seed);
  const files: SourceFile[] = [];
  for (let f = 0; f < random.int(1, 12); f++) {
    const parts: string[] = ["import os", ""];
    for (let d = 0; d < random.int(1, 8); d++) {
      const name = `${random.pick(NAMES)}_${random.int(0, 99)}`;
      const body = Array.from(
        { length: random.int(1, 40) },
        () =>
          `    ${random.pick(NAMES)} = ${random.pick(NAMES)}(${random.pick(NAMES)}, "${"é✓ ".repeat(random.int(0, 2))}") ${random.pick(["", "# note", "+ 1"])}`,
      );
      parts.push(
        random.next() < 0.3
          ? `class ${name}:\n    def run(self):\n${body.map((l) => "    " + l).join("\n")}`
          : `def ${name}(x):\n${body.join("\n")}\n    return x`,
        "",
        "",
      );
    }
    files.push({
      path: `pkg/${random.pick(["core", "io", "net", "util"])}/mod_${f}.py`,
      text: parts.join("\n"),
    });
  }
  const question = `${random.pick(NAMES)} fails when \`${random.pick(NAMES)}\` is called\n\n  File "pkg/io/mod_1.py", line ${random.int(1, 80)}, in ${random.pick(NAMES)}`;
  return { files, question };
}

describe("packContext", () => {
  it("never exceeds the budget, counted with the real tokenizer (300 seeded random cases)", () => {
    const random = seededRandom(2024);
    for (let seed = 0; seed < 60; seed++) {
      const { files, question } = randomRepository(seed);
      const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
      const { ranked, available } = rankChunks(index, analyzeQuery(question));
      const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
      for (let k = 0; k < 5; k++) {
        const budget =
          random.pick([
            0, 1, 5, 20, 50, 100, 200, 350, 600, 1000, 1500, 3000, 6000, 20000,
          ]) + random.int(0, 40);
        const options: PackOptions =
          random.next() < 0.5
            ? {}
            : {
                metadataBelow: random.next(),
                compressBelow: random.next(),
                maxMetadataLines: random.int(0, 10),
                mapShare: random.pick([0, 0.1, 0.15, 0.5]),
              };
        const packed = packContext({
          ranked,
          chunksAvailable: available,
          files: index.files,
          lineCount: (path) => lines.get(path) ?? 0,
          budget,
          tokenCounter: counter,
          options,
        });
        const real = counter.count(packed.text);
        expect(packed.tokensUsed).toBe(real);
        expect(real).toBeLessThanOrEqual(budget);
        expect(packed.budget).toBe(budget);
      }
    }
  });

  it("calls files search named a partial view, never the whole repository", () => {
    const files = [
      { path: "app/util.py", text: "def helper():\n    return 42\n" },
      { path: "app/main.py", text: "from app.util import helper\n" },
    ];
    const why = "the repository holds about 90 MB of text, over the 50 MB cap";
    const fits = pack(files, "what does helper return?", 5000, {
      partialView: why,
    });
    expect(fits.mode).toBe("whole-repository");
    expect(fits.note).toMatch(
      /^Only part of the repository was read \(the repository holds about 90 MB of text, over the 50 MB cap\); other files exist, and the tools can search and read them\. Every file askcode read \(2 text files\) fits the budget/,
    );
    expect(fits.note).not.toContain("whole repository");
    expect(fits.pieces.map((p) => p.why)).toEqual([
      "every file read fits the budget",
      "every file read fits the budget",
    ]);

    const ranked = pack(files, "what does helper return?", 5000, {
      partialView: why,
      wholeRepository: false,
    });
    expect(ranked.note).toMatch(/^Only part of the repository was read \(/);
    expect(pack(files, "what does helper return?", 5000).note).toMatch(
      /^The whole repository \(2 text files\) fits the budget/,
    );
  });

  it("sends the whole repository when it fits", () => {
    const files = [
      {
        path: "app/main.py",
        text: "from app.util import helper\n\n\ndef main():\n    return helper()\n",
      },
      { path: "app/util.py", text: "def helper():\n    return 42\n" },
      { path: "README.md", text: "# App\n\nRun `python -m app.main`.\n" },
    ];
    const packed = pack(files, "what does helper return?", 5000);
    expect(packed).toMatchObject({
      mode: "whole-repository",
      truncated: false,
      chunksReturned: 3,
    });
    expect(packed.files.map((f) => f.path)[0]).toBe("app/util.py");
    for (const file of files)
      expect(packed.text).toContain(file.text.trimEnd());
    expect(packed.text).toContain("app/util.py (all 2 lines)");
    expect(packed.tokensUsed).toBeLessThanOrEqual(5000);
  });

  it("falls back to ranked chunks when the repository does not fit, and reports what it did", () => {
    const { files } = randomRepository(5);
    const packed = pack(files, "`parse_header` fails in mod_1.py", 400);
    expect(packed.mode).toBe("ranked-chunks");
    expect(packed.truncated).toBe(true);
    expect(packed.chunksAvailable).toBeGreaterThan(packed.chunksReturned);
    expect(packed.chunksReturned).toBe(
      packed.pieces.filter((p) => p.form !== "metadata").length,
    );
    expect(packed.note).toMatch(
      /^Ranked chunks: showing \d+ of \d+ matching chunks/,
    );
    expect(packed.note).toMatch(/read_file_contents/);
    expect(packed.encoding).toBe("o200k_base");
    for (const piece of packed.pieces) {
      expect(piece.why).not.toBe("");
      expect(piece.tokens).toBeGreaterThan(0);
      expect(piece.endLine).toBeGreaterThanOrEqual(piece.startLine);
    }
  });

  it("merges adjacent chunks of one file under one header, in line order", () => {
    const text = Array.from(
      { length: 6 },
      (_, i) =>
        `def step_${i}(state):\n    state.apply_transition(${i})\n    return state\n`,
    ).join("\n\n");
    const files = [
      { path: "flow/steps.py", text },
      {
        path: "flow/other.py",
        text: "def unrelated():\n    return None\n".repeat(30),
      },
    ];
    const index = indexRepository(files, { maxTokens: 40, mergeTokens: 1 });
    const { ranked, available } = rankChunks(
      index,
      analyzeQuery("apply_transition state step"),
    );
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files,
      lineCount: (p) => index.files.find((f) => f.path === p)!.lineCount,
      budget: 2000,
      tokenCounter: counter,
      options: { wholeRepository: false },
    });
    const headers = packed.text
      .split("\n")
      .filter((l) => l.startsWith("flow/steps.py"));
    expect(headers).toHaveLength(1);
    expect(packed.files[0]).toMatchObject({
      path: "flow/steps.py",
      ranges: [[1, 28]],
    });
    expect(packed.text).toContain(text.trimEnd());
    expect(packed.text).not.toContain("omitted");
  });

  it("with the map off, lists weak matches as metadata lines and cuts middling long chunks when the budget is tight", () => {
    const { files } = randomRepository(11);
    // Forms by score share are rank order's (the chunk model offers its own).
    const packed = pack(files, "fetch timeout Session close", 700, {
      chunkModel: null,
      mapShare: 0,
      metadataBelow: 0.6,
      compressBelow: 0.9,
      compressAboveTokens: 40,
    });
    const forms = new Set(packed.pieces.map((p) => p.form));
    expect(forms.has("metadata")).toBe(true);
    expect(packed.text).toContain(
      "Also relevant, not shown (read with read_file_contents):",
    );
    expect(packed.text).toMatch(/^- pkg\/\w+\/mod_\d+\.py:\d+-\d+ /m);
    expect(packed.tokensUsed).toBeLessThanOrEqual(700);
  });

  it("shows a long weak chunk that does not fit whole by its structure rather than dropping it (the map on)", async () => {
    // The fix's function matches the question once, in its docstring; it is
    // twelve times the budget's room once the best chunk is in.
    const writes = Array.from(
      { length: 60 },
      (_, i) => `    chunk_${i} = transport.write(request, offset + ${i})`,
    ).join("\n");
    const files: SourceFile[] = [
      {
        path: "pkg/retry.py",
        text: `def should_retry(response):\n    """should_retry decides whether to retry the request."""\n    return response.status in (500, 502)\n`,
      },
      {
        path: "pkg/session.py",
        text: `def send(request, transport):\n    """Writes the request; the caller may retry."""\n    offset = 0\n${writes}\n    return offset\n`,
      },
    ];
    await loadGrammarsFor(files);
    const index = indexRepository(files);
    const { ranked, available } = rankChunks(
      index,
      analyzeQuery("should_retry gives up after one retry"),
    );
    const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lines.get(path) ?? 0,
      budget: 300,
      tokenCounter: counter,
      options: { wholeRepository: false },
    });
    const send = packed.pieces.filter((p) => p.path === "pkg/session.py");
    expect(send.map((p) => p.form)).toContain("compressed");
    // Its opening lines are shown as code, with a marker for what is cut.
    expect(packed.text).toContain(
      '    """Writes the request; the caller may retry."""\n    offset = 0',
    );
    expect(packed.text).toMatch(/# … lines \d+-\d+ omitted/);
    expect(packed.tokensUsed).toBeLessThanOrEqual(300);
  });

  it("counts the context from its pieces' counts, never tokenizing a piece again with the text around it", () => {
    const { files, question } = randomRepository(5);
    const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
    const { ranked, available } = rankChunks(index, analyzeQuery(question));
    const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
    const counted: string[] = [];
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lines.get(path) ?? 0,
      budget: 1500,
      tokenCounter: {
        encodingName: counter.encodingName,
        count: (text) => {
          counted.push(text);
          return counter.count(text);
        },
      },
      options: { wholeRepository: false },
    });
    expect(packed.tokensUsed).toBe(counter.count(packed.text));
    const longestChunk = Math.max(...index.chunks.map((c) => c.text.length));
    expect(packed.text.length).toBeGreaterThan(2 * longestChunk);
    // Chunks, their compressed forms, headers, map lines, and the lines
    // either side of a join: none longer than a chunk.
    expect(
      counted.filter((text) => text.length > longestChunk).map((t) => t.length),
    ).toEqual([]);
    // With the map on there is no room for a metadata line: none is made.
    expect(counted.filter((text) => /^- \S+:\d+-\d+ /.test(text))).toEqual([]);
  });

  it("counts each text once: a chunk weighed in several forms, a section costed again as pieces join it", () => {
    const { files, question } = randomRepository(5);
    const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
    const { ranked, available } = rankChunks(index, analyzeQuery(question));
    const lines = new Map(index.files.map((f) => [f.path, f.lineCount]));
    const counted = new Map<string, number>();
    const input = {
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path: string) => lines.get(path) ?? 0,
      budget: 1500,
      options: { wholeRepository: false },
    };
    const packed = packContext({
      ...input,
      tokenCounter: {
        encodingName: counter.encodingName,
        count: (text) => {
          counted.set(text, (counted.get(text) ?? 0) + 1);
          return counter.count(text);
        },
      },
    });
    expect([...counted].filter(([, times]) => times > 1)).toEqual([]);
    // What it packs is what counting each time packs.
    expect(packed).toEqual(packContext({ ...input, tokenCounter: counter }));
    expect(packed.pieces.length).toBeGreaterThan(3);
  });

  it("returns an empty context for a zero budget", () => {
    const packed = pack(
      [{ path: "a.py", text: "def f():\n    return 1\n" }],
      "f",
      0,
    );
    expect(packed).toMatchObject({
      text: "",
      tokensUsed: 0,
      chunksReturned: 0,
      mode: "ranked-chunks",
    });
  });
});
