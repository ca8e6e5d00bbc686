import { indexRepository } from "../../../../src/retrieval/index/index-repository.js";
import { loadGrammarsFor } from "../../../../src/retrieval/chunks/chunk-file.js";
import { packContext } from "../../../../src/retrieval/pack/pack-context.js";
import { learnedOrder } from "../../../../src/retrieval/pack/learned-order.js";
import { analyzeQuery } from "../../../../src/retrieval/query/query-analysis.js";
import type { ChunkModel } from "../../../../src/retrieval/rank/chunk-model.js";
import { CHUNK_MODEL } from "../../../../src/retrieval/rank/chunk-model-weights.js";
import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../../../src/retrieval/rank/chunk-signals.js";
import { rankChunks } from "../../../../src/retrieval/rank/rank-chunks.js";
import { FITTED_WEIGHTS } from "../../../../src/retrieval/rank/fitted-weights.js";
import type { SourceFile } from "../../../../src/retrieval/types.js";
import type { CoChangeHistory } from "../../../../src/retrieval/history/co-change-history.js";
import { createTokenCounter } from "../../../../src/tokens/create-token-counter.js";

const counter = createTokenCounter({ model: "gpt-4o" });
// Packing's defaults for the forms a chunk may take.
const TUNING = {
  compressBelow: 0.25,
  metadataBelow: 0.1,
  compressAboveTokens: 150,
};

function weights(set: Partial<Record<ChunkSignal, number>>) {
  return Object.fromEntries(
    CHUNK_SIGNALS.map((s) => [s, set[s] ?? 0]),
  ) as Record<ChunkSignal, number>;
}

// A model that expects the fix in the rest of the best chunk's declaration,
// and little of other files; and one that expects it in every file's best
// chunk.
const continuation: ChunkModel = {
  line: weights({ bias: -3, sameDeclaration: 5 }),
  file: weights({ bias: -3, topFile: 4 }),
  newFile: 1,
  cost: 1,
  strong: 0.5,
};
const spread: ChunkModel = {
  line: weights({ bias: -3, fileBest: 5 }),
  file: weights({ bias: -3, fileBest: 5 }),
  newFile: 2,
  cost: 1,
  strong: 0.5,
};

// One long function (cut in parts) whose first part holds the question's
// words, and helpers in other files that match a little.
const steps = Array.from(
  { length: 40 },
  (_, i) => `    acc_${i} = items[${i}] * factor`,
).join("\n");
const files: SourceFile[] = [
  {
    path: "pkg/scoring.py",
    text: `import math\n\n\ndef compute_score(items, factor):\n    """compute_score sums the weighted score of the items."""\n    total = 0\n${steps}\n    return total\n\n\ndef clamp(x):\n    return max(0, x)\n`,
  },
  ...Array.from({ length: 6 }, (_, i) => ({
    path: `pkg/report_${i}.py`,
    text: `def print_report_${i}(value):\n    """Prints report ${i}."""\n    print('score', value, ${i})\n`,
  })),
];

async function setUp(weights = FITTED_WEIGHTS) {
  await loadGrammarsFor(files);
  const index = indexRepository(files, { maxTokens: 120, mergeTokens: 60 });
  const { ranked, available } = rankChunks(
    index,
    analyzeQuery("compute_score gives the wrong score"),
    { weights },
  );
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  // `undefined`: packing's default model.
  const pack = (
    chunkModel: ChunkModel | null | undefined,
    budget: number,
    history?: CoChangeHistory,
  ) =>
    packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) => lineCounts.get(path) ?? 0,
      budget,
      tokenCounter: counter,
      ...(history ? { history } : {}),
      options: {
        wholeRepository: false,
        mapShare: 0,
        ...(chunkModel === undefined ? {} : { chunkModel }),
      },
    });
  return { ranked, pack };
}

const linesOf = (
  packed: ReturnType<Awaited<ReturnType<typeof setUp>>["pack"]>,
  path: string,
) =>
  packed.files
    .filter((f) => f.path === path)
    .flatMap((f) => f.ranges)
    .reduce((sum, [a, b]) => sum + b - a + 1, 0);

describe("packing in the chunk model's order", () => {
  it("shows more of a file already shown when its expected gold per token beats other files' best chunks, and other files when theirs wins", async () => {
    // Without the file's share, the function's other parts score under half
    // the best: the model, not the rank, orders them.
    const { ranked, pack } = await setUp({ ...FITTED_WEIGHTS, file: 0 });
    expect(ranked[0]?.chunk.path).toBe("pkg/scoring.py");
    const budget = 500;
    const deep = pack(continuation, budget);
    const wide = pack(spread, budget);
    expect(deep.tokensUsed).toBeLessThanOrEqual(budget);
    expect(wide.tokensUsed).toBeLessThanOrEqual(budget);
    expect(linesOf(deep, "pkg/scoring.py")).toBeGreaterThan(
      linesOf(wide, "pkg/scoring.py"),
    );
    expect(wide.files.length).toBeGreaterThan(deep.files.length);
  });

  it("shows as code a chunk the model expects the fix in although its score alone would only name it", async () => {
    const { ranked, pack } = await setUp();
    const report = ranked.find((r) => r.chunk.path === "pkg/report_0.py");
    // Under a tenth of the best score: a metadata line in rank order.
    expect((report?.score ?? 1) / (ranked[0]?.score ?? 1)).toBeLessThan(0.1);
    const form = (chunkModel: ChunkModel | null) =>
      pack(chunkModel, 600).pieces.find((p) => p.path === "pkg/report_0.py")
        ?.form;
    expect(form(null)).toBe("metadata");
    expect(form(spread)).toBe("full");
    const { candidates, offers } = learnedOrder(ranked, spread, TUNING);
    const at = candidates.findIndex((c) => c.chunk.path === "pkg/report_0.py");
    expect(offers.find((offer) => offer.rank === at)?.forms[0]).toBe("full");
  });

  it("reads the history's file recency when packing carries a history", async () => {
    const { ranked, pack } = await setUp();
    // A model that expects the fix in the recently changed files alone.
    const recent: ChunkModel = {
      line: weights({ fileRecency: 10 }),
      file: weights({ bias: -2, fileRecency: 10 }),
      newFile: 1,
      cost: 1,
      strong: 2,
    };
    const history = {
      commit: "0".repeat(40),
      commits: [["pkg/report_4.py"], ["pkg/scoring.py"]],
    };
    const first = (h?: CoChangeHistory) => {
      const { candidates, offers } = learnedOrder(
        ranked,
        recent,
        TUNING,
        undefined,
        h,
      );
      return candidates[offers[0]?.rank ?? -1]?.chunk.path;
    };
    expect(first(history)).toBe("pkg/report_4.py");
    expect(first()).not.toBe("pkg/report_4.py");
    expect(pack(recent, 300, history).pieces[0]?.path).toBe("pkg/report_4.py");
    expect(pack(recent, 300).pieces[0]?.path).not.toBe("pkg/report_4.py");
  });

  it("places chunks in the model's order, whole first, even those whose words and own share of the fix are small", async () => {
    // The fix's lines in the continuation of the long function; other files
    // likely changed too. The helpers come first for the files they may add,
    // though each holds a small share of the lines.
    const wider: ChunkModel = {
      line: weights({ sameDeclaration: 5 }),
      file: weights({ bias: -4, fileRank: 5 }),
      newFile: 1,
      cost: 1,
      strong: 2,
    };
    const { ranked, pack } = await setUp();
    const first = learnedOrder(ranked, wider, TUNING).candidates.slice(0, 3);
    expect(first.map((c) => c.chunk.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pkg\/report_\d\.py$/)]),
    );
    const packed = pack(wider, 300);
    for (const c of first)
      expect(
        packed.pieces.find(
          (p) => p.path === c.chunk.path && p.startLine === c.chunk.startLine,
        )?.form,
      ).toBe("full");
  });

  it("packs in the shipped chunk model's order by default, not in rank order", async () => {
    const { pack } = await setUp();
    const shapes = (model: ChunkModel | null | undefined) =>
      [150, 250, 350, 450, 600].map((budget) =>
        pack(model, budget).pieces.map(
          (p) => `${p.path}:${p.startLine} ${p.form}`,
        ),
      );
    expect(shapes(undefined)).toEqual(shapes(CHUNK_MODEL));
    expect(shapes(undefined)).not.toEqual(shapes(null));
  });

  it("keeps the ranking's order and score shares without a model", async () => {
    const { ranked } = await setUp();
    const { candidates, offers } = learnedOrder(ranked, null, TUNING);
    expect(candidates).toEqual(ranked);
    expect(offers[0]).toEqual({
      rank: 0,
      forms: ["full", "compressed", "metadata"],
    });
  });
});

describe("packing bodies by their structure in the chunk model's order", () => {
  // Six loaders of 40-odd lines, each likely a changed file; the fix touches
  // each one's last line, which its structure keeps (an exit using the
  // question's name).
  const filler = Array.from(
    { length: 40 },
    (_, k) => `    row_${k} = parse(path, ${k})`,
  ).join("\n");
  const loaders: SourceFile[] = Array.from({ length: 6 }, (_, i) => ({
    path: `pkg/loader_${i}.py`,
    text: `def load_items_${i}(path):\n    """Loads the items compute_score reads."""\n    rows = []\n${filler}\n    return normalise_score(rows)\n`,
  }));
  const gold = loaders.map((f) => ({ path: f.path, line: 44 }));
  const likelyFiles: ChunkModel = {
    line: weights({}),
    file: weights({ bias: -3, fileBest: 5 }),
    newFile: 2,
    cost: 1,
    strong: 2,
  };

  it("shows more changed files and lines within the budget by cutting lower-ranked bodies to their structure than by taking them whole", async () => {
    const all = [files[0] as SourceFile, ...loaders];
    await loadGrammarsFor(all);
    const index = indexRepository(all, { maxTokens: 800, mergeTokens: 60 });
    const { ranked, available } = rankChunks(
      index,
      analyzeQuery("compute_score gives the wrong score"),
    );
    const budget = 600;
    const packed = packContext({
      ranked,
      chunksAvailable: available,
      files: index.files,
      lineCount: (path) =>
        index.files.find((f) => f.path === path)?.lineCount ?? 0,
      budget,
      tokenCounter: counter,
      options: { wholeRepository: false, mapShare: 0, chunkModel: likelyFiles },
    });
    expect(packed.tokensUsed).toBeLessThanOrEqual(budget);
    const shown = gold.filter(({ path, line }) =>
      packed.pieces.some(
        (p) =>
          p.path === path &&
          p.form !== "metadata" &&
          p.startLine <= line &&
          line <= p.endLine &&
          !(p.omitted ?? []).some(([a, b]) => a <= line && line <= b),
      ),
    );
    // Whole, two loaders fit beside the best file; by their structure, all six.
    expect(shown.length).toBe(6);
  });
});
