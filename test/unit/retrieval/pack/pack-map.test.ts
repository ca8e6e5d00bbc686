import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import {
  MAP_HEADER,
  mapLines,
  signatureLine,
} from "../../../../src/retrieval/pack/pack-map.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import {
  rankChunks,
  type RankedChunk,
} from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const counter = createTokenCounter({ model: "gpt-4o" });

/** Ten modules that each define two retry helpers, so many files match "retry". */
function repository(): SourceFile[] {
  return Array.from({ length: 10 }, (_, i) => ({
    path: `pkg/mod_${i}.py`,
    text: [
      `"""Module ${i}."""`,
      "",
      `def retry_upload_${i}(request, attempts=${i + 1}):`,
      `    # retry the upload up to ${i + 1} times`,
      ...Array.from(
        { length: 30 },
        (_, k) => `    value_${k} = request.retry(attempts, ${k})`,
      ),
      "    return value_0",
      "",
      `def retry_delay_${i}(attempt):`,
      `    return attempt * ${i + 1}  # seconds before the next retry`,
      "",
    ].join("\n"),
  }));
}

function ranked(files: SourceFile[], question: string) {
  const index = indexRepository(files, { maxTokens: 200, mergeTokens: 80 });
  return { index, ...rankChunks(index, analyzeQuery(question)) };
}

describe("signatureLine", () => {
  it("takes the outline's first line that is code, not its doc comment", () => {
    expect(
      signatureLine(
        {
          startLine: 10,
          text: "  # Send it.\n  def send(self):\n    return 1",
          outline: [10, 11],
        },
        "#",
      ),
    ).toStrictEqual({ line: 11, text: "def send(self):" });
  });

  it("takes the first non-blank line that is not a comment without an outline", () => {
    expect(
      signatureLine(
        { startLine: 3, text: "\n/**\n * Sends.\n */\nfunction send() {" },
        "//",
      ),
    ).toStrictEqual({ line: 7, text: "function send() {" });
  });

  it("gives nothing for a line too long to be a signature", () => {
    expect(
      signatureLine({ startLine: 1, text: `var a=${"x".repeat(300)}` }, "//"),
    ).toBeUndefined();
  });
});

describe("mapLines", () => {
  it("names the files after those shown with a body, in rank order, within the room, one line a file", () => {
    const { ranked: chunks } = ranked(
      repository(),
      "where is the upload retry?",
    );
    const firstFile = chunks[0]!.chunk.path;
    const lines = mapLines(chunks, new Set([firstFile]), 400, counter);

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((l) => l.piece.path)).not.toContain(firstFile);
    const perFile = new Map<string, number>();
    for (const l of lines)
      perFile.set(l.piece.path, (perFile.get(l.piece.path) ?? 0) + 1);
    expect(Math.max(...perFile.values())).toBe(1);
    const tokens =
      counter.count(MAP_HEADER) +
      2 +
      lines.reduce((sum, l) => sum + l.piece.tokens, 0);
    expect(tokens).toBeLessThanOrEqual(400);
    // Every line is the file's own line, verbatim but for its indentation.
    const texts = new Map(
      repository().map((f) => [f.path, f.text.split("\n")]),
    );
    for (const l of lines) {
      expect(l.piece.form).toBe("signature");
      const shown = l.text.slice(
        `- ${l.piece.path}:${l.piece.startLine}: `.length,
      );
      expect(texts.get(l.piece.path)?.[l.piece.startLine - 1]?.trim()).toBe(
        shown,
      );
    }
    // A smaller room keeps a prefix of the same files, never others.
    const fewer = mapLines(chunks, new Set([firstFile]), 120, counter);
    const files = [...new Set(lines.map((l) => l.piece.path))];
    expect(new Set(fewer.map((l) => l.piece.path))).toStrictEqual(
      new Set(files.slice(0, new Set(fewer.map((l) => l.piece.path)).size)),
    );
  });

  it("speaks for a file by a chunk that declares something before one that continues a body", () => {
    const chunk = (startLine: number, text: string, defines: string[]) =>
      ({
        chunk: {
          id: startLine,
          fileId: 0,
          path: "pkg/upload.py",
          startLine,
          endLine: startLine + text.split("\n").length - 1,
          text,
          language: "python",
          kind: "function",
          context: "",
          defines,
        },
        score: 10 - startLine / 100,
        why: [],
        matchedTerms: [],
      }) as unknown as RankedChunk;
    const lines = mapLines(
      [
        chunk(40, "    attempts += 1\n    return retry(request)", []),
        chunk(12, "def retry_upload(request):\n    attempts = 0", [
          "retry_upload",
        ]),
      ],
      new Set(),
      200,
      counter,
    );
    expect(lines.map((l) => l.text)).toStrictEqual([
      "- pkg/upload.py:12: def retry_upload(request):",
    ]);
  });
});

describe("packContext with the map", () => {
  /** The retry repository packed into 1,200 tokens for "where is the upload retry?". */
  function packRetries(options: { mapShare: number; maxMapTokens?: number }) {
    const {
      index,
      ranked: chunks,
      available,
    } = ranked(repository(), "where is the upload retry?");
    const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
    return packContext({
      ranked: chunks,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lineCounts.get(path) ?? 0,
      budget: 1200,
      tokenCounter: counter,
      // In rank order: the chunk model would show a little of every one of
      // the ten files (their short retry_delay functions), leaving the map
      // nothing to name; these tests are about the map's share.
      options: { wholeRepository: false, chunkModel: null, ...options },
    });
  }

  it("keeps its share of the budget for files the bodies leave out, and stays within the budget", () => {
    const without = packRetries({ mapShare: 0 });
    const withMap = packRetries({ mapShare: 0.15 });

    expect(without.text).not.toContain(MAP_HEADER);
    expect(withMap.text).toContain(MAP_HEADER);
    expect(withMap.tokensUsed).toBe(counter.count(withMap.text));
    expect(withMap.tokensUsed).toBeLessThanOrEqual(1200);
    const bodies = new Set(withMap.files.map((f) => f.path));
    const mapped = withMap.pieces.filter((p) => p.form === "signature");
    expect(mapped.length).toBeGreaterThan(0);
    for (const p of mapped) expect(bodies.has(p.path)).toBe(false);
    // More files are named in all than the bodies alone show.
    expect(
      new Set([...bodies, ...mapped.map((p) => p.path)]).size,
    ).toBeGreaterThan(new Set(without.files.map((f) => f.path)).size);
    expect(withMap.note).toMatch(/more files by a signature line/);
  });

  it("keeps no more than maxMapTokens for the map, whatever its share, and gives the rest to the code", () => {
    const pack = (maxMapTokens: number) =>
      packRetries({ mapShare: 0.3, maxMapTokens });
    const signatures = (p: ReturnType<typeof pack>) =>
      p.pieces.filter((piece) => piece.form === "signature");
    const code = (p: ReturnType<typeof pack>) =>
      p.pieces.filter((piece) => piece.form !== "signature");
    const uncapped = pack(10_000);
    const capped = pack(60);

    expect(signatures(capped).length).toBeGreaterThan(0);
    expect(signatures(capped).length).toBeLessThan(signatures(uncapped).length);
    const codeTokens = (p: ReturnType<typeof pack>) =>
      code(p).reduce((sum, piece) => sum + piece.tokens, 0);
    expect(codeTokens(capped)).toBeGreaterThan(codeTokens(uncapped));
    expect(capped.tokensUsed).toBeLessThanOrEqual(1200);
  });
});
