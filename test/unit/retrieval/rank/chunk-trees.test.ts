import {
  compiledTrees,
  treesLogits,
  type ChunkTree,
} from "../../../../src/retrieval/rank/chunk-trees.js";
import {
  CHUNK_SIGNALS,
  type ChunkSignal,
} from "../../../../src/retrieval/rank/chunk-signals.js";

function row(set: Partial<Record<ChunkSignal, number>>): Float64Array {
  return Float64Array.from(CHUNK_SIGNALS, (s) => set[s] ?? 0);
}

// A chunk of the top file gains 0.5 when it scores above 0.6, loses 0.25
// otherwise; any other chunk loses 1.
const TREE: ChunkTree = [
  ["topFile", 0.5, 1, 2],
  [-1],
  ["score", 0.6, 3, 4],
  [-0.25],
  [0.5],
];

const treesLogit = (trees: readonly ChunkTree[], x: Float64Array) =>
  treesLogits(trees, [x])[0];

describe("treesLogits", () => {
  it("walks each tree from its root to a leaf, a signal at most the threshold going left, and sums the leaves", () => {
    expect(treesLogit([TREE], row({ topFile: 0, score: 1 }))).toBe(-1);
    expect(treesLogit([TREE], row({ topFile: 1, score: 0.6 }))).toBe(-0.25);
    expect(treesLogit([TREE], row({ topFile: 1, score: 0.9 }))).toBe(0.5);
    expect(treesLogit([TREE, [[0.125]]], row({ topFile: 1, score: 0.9 }))).toBe(
      0.625,
    );
    expect(treesLogit([], row({}))).toBe(0);
  });
});

describe("compiledTrees", () => {
  it("refuses a split on a signal the chunk model does not have, naming the tree, the node and the signal", () => {
    const old: ChunkTree = [
      ["fileRank", 1, 1, 2],
      [0],
      ["oldSignal" as ChunkSignal, 0.5, 3, 4],
      [0.1],
      [0.2],
    ];
    expect(() => compiledTrees([TREE, old])).toThrow(
      /^chunk tree 1 node 2 splits on "oldSignal", which is not a chunk signal \(bias, score, /,
    );
  });

  it("refuses a child that is not after its split within the tree, so no walk can loop or leave the tree", () => {
    expect(() => compiledTrees([[["score", 0.5, 0, 1], [1]]])).toThrow(
      "chunk tree 0 node 0 points at node 0: children come after their split, within the tree's 2 nodes",
    );
    expect(() => compiledTrees([[["score", 0.5, 1, 2], [1]]])).toThrow(
      "chunk tree 0 node 0 points at node 2",
    );
    expect(() => compiledTrees([[]])).toThrow("chunk tree 0 has no node");
  });
});

describe("treesLogits over many rows", () => {
  it("gives each row its own sum", () => {
    expect(
      Array.from(
        treesLogits(
          [TREE],
          [row({ topFile: 0 }), row({ topFile: 1, score: 1 })],
        ),
      ),
    ).toEqual([-1, 0.5]);
  });
});
