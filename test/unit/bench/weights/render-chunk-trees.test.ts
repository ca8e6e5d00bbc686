import { TREE_BOOST } from "../../../../bench/weights/fit-chunk-trees.js";
import { renderChunkTrees } from "../../../../bench/weights/render-chunk-trees.js";
import type { ChunkModelTrees } from "../../../../src/retrieval/rank/chunk-model.js";

const trees: ChunkModelTrees = {
  line: [
    [["score", 0.50005, 1, 2], [-0.01], [0.02]],
    [["rank", 1.2, 1, 2], [0.003], [-0.004]],
  ],
  file: [],
};
const choice = {
  rounds: { line: 2, file: 0 },
  folds: 4,
  loss: { line: [5.17, 5.15, 5.12], file: [0.155, 0.156] },
};

describe("renderChunkTrees", () => {
  it("writes each head's trees as data, one tree a line, with the command and the held-out losses that chose their rounds", () => {
    const text = renderChunkTrees(
      trees,
      choice,
      TREE_BOOST,
      "npm run fit:weights -- --chunk-model --trees --write",
    );
    expect(text).toContain(
      " * `npm run fit:weights -- --chunk-model --trees --write`\n",
    );
    expect(text).toContain(" * line head: 5.1700 → 5.1200 at 2 rounds (depth ");
    expect(text).toContain(" * file head: 0.1550 → 0.1550 at 0 rounds (depth ");
    expect(text).toContain(
      '  line: [\n    [["score",0.50005,1,2],[-0.01],[0.02]],\n    [["rank",1.2,1,2],[0.003],[-0.004]],\n  ],\n  file: [\n  ],\n',
    );
    expect(text).toMatch(
      /^import type \{ ChunkModelTrees \} from "\.\/chunk-model\.js";\n/,
    );
  });
});
