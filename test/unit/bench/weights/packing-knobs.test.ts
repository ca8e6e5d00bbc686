import {
  bestKnobs,
  knobSearch,
  type KnobPoint,
} from "../../../../bench/weights/packing-knobs.js";
import { linesOfTexts } from "../../../../src/eval/lines-of-texts.js";
import { scoreContext } from "../../../../src/eval/score-context.js";
import { shownLines } from "../../../../src/eval/shown-lines.js";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import type { ChunkModel } from "../../../../src/retrieval/rank/chunk-model.js";
import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../../../src/retrieval/rank/chunk-signals.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const tokenCounter = createTokenCounter({ model: "gpt-4o" });

function weights(set: Partial<Record<ChunkSignal, number>>) {
  return Object.fromEntries(
    CHUNK_SIGNALS.map((s) => [s, set[s] ?? 0]),
  ) as Record<ChunkSignal, number>;
}

// Heads that expect the fix in the rest of the best chunk's declaration.
const heads: Pick<ChunkModel, "line" | "file"> = {
  line: weights({ bias: -3, sameDeclaration: 5 }),
  file: weights({ bias: -3, topFile: 4 }),
};

// One long function (cut in parts) whose first part holds the question's
// words, and helpers in other files that match a little; the fix changes
// lines in the function's middle, far from its words.
const steps = Array.from(
  { length: 60 },
  (_, i) => `    acc_${i} = items[${i}] * factor`,
).join("\n");
const files: SourceFile[] = [
  {
    path: "pkg/scoring.py",
    text: `import math\n\n\ndef compute_score(items, factor):\n    """compute_score sums the weighted score of the items."""\n    total = 0\n${steps}\n    return total\n`,
  },
  ...Array.from({ length: 8 }, (_, i) => ({
    path: `pkg/report_${i}.py`,
    text: `def print_report_${i}(value):\n    """Prints report ${i} of the score."""\n    print('score', value, ${i})\n`,
  })),
];
const question = "compute_score gives the wrong score";
const goldLines = [35, 36, 37, 38, 39, 40].map((line) => ({
  path: "pkg/scoring.py",
  line,
}));
const linesOf = linesOfTexts(new Map(files.map((f) => [f.path, f.text])));
const budget = 400;

describe("knobSearch", () => {
  let index: ReturnType<typeof indexRepository>;
  beforeAll(async () => {
    await loadGrammarsFor(files);
    index = indexRepository(files, { maxTokens: 120, mergeTokens: 60 });
  });

  it("scores each point as the real packer packs it, and ranks the question once for all", () => {
    const grid = { newFile: [0, 4], cost: [1], strong: [0.5, 2] };
    const search = knobSearch(heads, { grid, budget, tokenCounter });
    search.add({
      index,
      question,
      goldFiles: ["pkg/scoring.py"],
      goldLines,
      linesOf,
    });
    const choice = search.choose();
    expect(choice.questions).toBe(1);
    expect(choice.front.map((p) => p.knobs)).toEqual([
      { newFile: 0, cost: 1, strong: 0.5 },
      { newFile: 0, cost: 1, strong: 2 },
      { newFile: 4, cost: 1, strong: 0.5 },
      { newFile: 4, cost: 1, strong: 2 },
    ]);
    // What the packer itself shows, on the ranking retrieval makes.
    const { ranked, available } = rankChunks(index, analyzeQuery(question));
    const shown = (chunkModel: ChunkModel | null) => {
      const packed = packContext({
        ranked,
        chunksAvailable: available,
        files: index.files,
        lineCount: (path) =>
          index.files.find((f) => f.path === path)?.lineCount ?? 0,
        budget,
        tokenCounter,
        options: { chunkModel },
      });
      expect(packed.tokensUsed).toBeLessThanOrEqual(budget);
      const score = scoreContext(
        shownLines(packed.text, linesOf),
        ["pkg/scoring.py"],
        goldLines,
      );
      return {
        body: score.filesWithBody ?? 0,
        lines: score.linesFound / goldLines.length,
        map: score.filesFound,
      };
    };
    expect(choice.off).toEqual(shown(null));
    for (const point of choice.front)
      expect(point.shown).toEqual(shown({ ...heads, ...point.knobs }));
    // In rank order the budget goes to the reports after the function's
    // first part; the model ordering every chunk (strong 2) and valuing no
    // new file shows the function's middle, where the fix is.
    expect(choice.off.lines).toBe(0);
    expect(choice.chosen.knobs).toEqual({ newFile: 0, cost: 1, strong: 2 });
    expect(choice.chosen.shown.lines).toBeGreaterThan(0.5);
    expect(choice.chosen).toEqual(bestKnobs(choice.off, choice.front));
  });

  it("counts a question whose fix changed no line it read in files only, and one that changed no file nowhere", () => {
    const search = knobSearch(heads, {
      grid: { newFile: [1], cost: [1], strong: [0.5] },
      budget,
      tokenCounter,
    });
    search.add({
      index,
      question,
      goldFiles: ["pkg/scoring.py"],
      goldLines: [],
      linesOf,
    });
    search.add({ index, question, goldFiles: [], goldLines: [], linesOf });
    const choice = search.choose();
    expect(choice.questions).toBe(1);
    // The file is shown; no question holds a line to count.
    expect(choice.off).toEqual({ body: 1, lines: 0, map: 1 });
  });

  it("refuses a grid with no point", () => {
    expect(() =>
      knobSearch(heads, {
        grid: { newFile: [], cost: [1], strong: [0.5] },
        budget,
        tokenCounter,
      }),
    ).toThrow(
      new TypeError("knobSearch: the grid has no point (a knob with no value)"),
    );
  });
});

describe("bestKnobs", () => {
  const off = { body: 0.6, lines: 0.5, map: 0.8 };
  const point = (newFile: number, body: number, lines: number): KnobPoint => ({
    knobs: { newFile, cost: 0.5, strong: 0.5 },
    shown: { body, lines, map: 0.8 },
  });

  it("takes the largest smaller gain of body and lines, not the largest sum", () => {
    // +10 body −1 lines sums more than +3 and +2, but loses lines.
    const front = [
      point(2, 0.7, 0.49),
      point(1, 0.63, 0.52),
      point(0, 0.61, 0.51),
    ];
    expect(bestKnobs(off, front).knobs.newFile).toBe(1);
  });

  it("breaks a tie of the smaller gain by the sum, then by the grid's order", () => {
    expect(
      bestKnobs(off, [point(0, 0.62, 0.52), point(1, 0.65, 0.52)]).knobs
        .newFile,
    ).toBe(1);
    expect(
      bestKnobs(off, [point(0, 0.62, 0.52), point(1, 0.62, 0.52)]).knobs
        .newFile,
    ).toBe(0);
  });
});
