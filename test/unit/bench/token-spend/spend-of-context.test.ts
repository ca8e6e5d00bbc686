import { spendOfContext } from "../../../../bench/token-spend/spend-of-context.js";
import type { PackedPiece } from "../../../../src/retrieval/pack/packing-types.js";
import { fileKind } from "../../../../src/text/file-kind.js";

const piece = (
  path: string,
  startLine: number,
  endLine: number,
  form: PackedPiece["form"],
  tokens: number,
  omitted?: Array<[number, number]>,
): PackedPiece => ({
  path,
  startLine,
  endLine,
  form,
  tokens,
  score: 1,
  context: "",
  why: "",
  ...(omitted ? { omitted } : {}),
});

describe("spendOfContext", () => {
  const gold = new Set([
    "src/a.py:3",
    "src/a.py:4",
    "src/a.py:18",
    "src/a.py:22",
    "tests/test_a.py:2",
    "src/b.py:1",
  ]);
  const isGold = (path: string, line: number) => gold.has(`${path}:${line}`);

  it("counts each part's tokens and the gold lines it shows, not those cut or only named by the map", () => {
    const spend = spendOfContext(
      {
        pieces: [
          piece("src/a.py", 1, 10, "full", 400),
          piece("src/a.py", 15, 30, "compressed", 100, [[20, 25]]),
          piece("tests/test_a.py", 1, 5, "full", 100),
          piece("src/b.py", 1, 1, "signature", 20),
        ],
        tokensUsed: 700,
        budget: 1000,
      },
      isGold,
      fileKind,
    );
    expect(Object.fromEntries(spend.parts)).toEqual({
      "full code": { tokens: 400, goldLines: 2 },
      // Line 18 is shown; line 22 is behind the omission marker.
      "compressed code": { tokens: 100, goldLines: 1 },
      "full test": { tokens: 100, goldLines: 1 },
      map: { tokens: 20, goldLines: 0 },
      overhead: { tokens: 80, goldLines: 0 },
      unused: { tokens: 300, goldLines: 0 },
    });
  });

  it("splits the code shown in rank order into fifths of its tokens, each piece in the fifth its first token falls in", () => {
    const spend = spendOfContext(
      {
        pieces: [
          piece("src/a.py", 1, 10, "full", 400),
          piece("src/a.py", 15, 30, "compressed", 100, [[20, 25]]),
          piece("tests/test_a.py", 1, 5, "full", 500),
        ],
        tokensUsed: 1000,
        budget: 1000,
      },
      isGold,
      fileKind,
    );
    expect(spend.fifths).toEqual([
      { tokens: 400, goldLines: 2 },
      { tokens: 0, goldLines: 0 },
      // Both start in the third fifth: at token 400 and at token 500 of 1,000.
      { tokens: 600, goldLines: 2 },
      { tokens: 0, goldLines: 0 },
      { tokens: 0, goldLines: 0 },
    ]);
  });
});
