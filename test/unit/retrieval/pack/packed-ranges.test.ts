import { retrieveContext } from "../../../../src/retrieval/retrieve-context.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

// Long functions that all mention the question's words, so many chunks rank
// and, with every chunk compressible, most are cut to their structure.
function longFunction(name: string, n: number): string {
  const body = Array.from(
    { length: 40 },
    (_, i) => `    total_${i} = compute(${i * n})`,
  );
  return [
    `def ${name}(attempt):`,
    `    """Retry the upload ${name}."""`,
    ...body,
    "    return attempt",
    "",
  ].join("\n");
}

describe("the packed context's file ranges", () => {
  it("name only lines shown verbatim: a compressed piece's omitted lines are left out", () => {
    const files = Array.from({ length: 6 }, (_, f) => ({
      path: `pkg/upload_${f}.py`,
      text: [
        longFunction(`upload_${f}_a`, f + 1),
        longFunction(`upload_${f}_b`, f + 2),
      ].join("\n"),
    }));
    const { context } = retrieveContext({
      files,
      question: "how does retry_upload retry a failed upload attempt?",
      budget: 1500,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
      options: {
        pack: {
          compressBelow: 1,
          compressAboveTokens: 20,
          wholeRepository: false,
        },
      },
    });

    const compressed = context.pieces.filter(
      (piece) => piece.form === "compressed",
    );
    expect(compressed.length).toBeGreaterThan(0);
    for (const piece of compressed) {
      const ranges = context.files.find(
        (file) => file.path === piece.path,
      )!.ranges;
      for (const [from, to] of piece.omitted ?? []) {
        for (let line = from; line <= to; line++) {
          expect(ranges.some(([a, b]) => a <= line && line <= b)).toBe(false);
        }
      }
    }
    // Every line a range names is in the packed text, exactly as in its file.
    for (const file of context.files) {
      const lines = files.find((f) => f.path === file.path)!.text.split("\n");
      for (const [a, b] of file.ranges) {
        for (let line = a; line <= b; line++) {
          if (lines[line - 1]!.trim())
            expect(context.text).toContain(lines[line - 1]);
        }
      }
    }
  });
});
