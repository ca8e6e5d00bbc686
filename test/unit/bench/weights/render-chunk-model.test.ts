import { renderChunkModel } from "../../../../bench/weights/render-chunk-model.js";
import { CHUNK_MODEL } from "../../../../src/retrieval/rank/chunk-model-weights.js";

const shown = { body: 0.7, lines: 0.55, map: 0.8 };
const fit = {
  heads: { line: CHUNK_MODEL.line, file: CHUNK_MODEL.file },
  questions: 10,
  rows: 600,
  l2: { line: 0.0001, file: 0.001 },
  loss: {
    line: [6, 5] as [number, number],
    file: [0.7, 0.15] as [number, number],
  },
  model: CHUNK_MODEL,
  packing: {
    budget: 13_000,
    questions: 4,
    off: shown,
    chosen: { knobs: { newFile: 0.15, cost: 0.9, strong: 1.01 }, shown },
    front: [],
  },
};

describe("renderChunkModel", () => {
  it("says how each head's L2 was chosen when cross-validation chose it, and nothing of it otherwise", () => {
    const cv = {
      chosen: { line: 0.0001, file: 0.001 },
      folds: 4,
      points: [
        { l2: 0.0001, line: 5.1, file: 0.16 },
        { l2: 0.001, line: 5.2, file: 0.15 },
      ],
    };
    expect(
      renderChunkModel(
        { ...fit, cv },
        "npm run fit:weights -- --l2 0.0001,0.001 --write",
      ),
    ).toContain(
      " * L2 per weight chosen by 4-fold cross-validation over repositories (held-out loss\n" +
        " * per question): line 0.0001, file 0.001, of 0.0001, 0.001.\n",
    );
    expect(
      renderChunkModel(fit, "npm run fit:weights -- --write"),
    ).not.toContain("L2");
  });
});

describe("renderChunkModel with trees", () => {
  it("names the trees' generated file in the model when the fit boosted them, and not otherwise", () => {
    const trees = { line: [[[0.1]] as const], file: [] };
    const text = renderChunkModel(
      { ...fit, model: { ...CHUNK_MODEL, trees } },
      "npm run fit:weights -- --chunk-model --trees --write",
    );
    expect(text).toContain(
      'import type { ChunkModel } from "./chunk-model.js";\nimport { CHUNK_MODEL_TREES } from "./chunk-model-trees.js";\n',
    );
    expect(text).toContain("  },\n  trees: CHUNK_MODEL_TREES,\n  newFile: ");
    expect(
      renderChunkModel(fit, "npm run fit:weights -- --write"),
    ).not.toContain("CHUNK_MODEL_TREES");
  });
});
