import { fitGateTree } from "../../../../bench/gate/fit-gate-tree.js";
import { gateScore } from "../../../../src/retrieval/confidence/gate-model.js";

// Hits come where the repository is small *and* the best chunk is strong:
// neither signal alone tells them apart, both together do.
const examples = Array.from({ length: 80 }, (_, i) => {
  const small = i % 2;
  const strong = Math.floor(i / 2) % 2;
  return {
    signals: { smallRepository: small, topScore: strong, margin: (i % 7) / 7 },
    hit: small === 1 && strong === 1 ? i % 40 !== 3 : i % 10 === 0,
  };
});

describe("fitGateTree", () => {
  it("splits on the signals that together tell hits from misses, a leaf scoring its share of hits", () => {
    const tree = fitGateTree(examples, { depth: 2, minLeaf: 10 });
    const score = (smallRepository: number, topScore: number) =>
      gateScore(tree, { smallRepository, topScore, margin: 0.5 });
    expect(score(1, 1)).toBeGreaterThan(0.8);
    expect(score(1, 0)).toBeLessThan(0.3);
    expect(score(0, 1)).toBeLessThan(0.3);
    // (hits + 1) / (questions + 2): 18 hits of 20 read 19 / 22.
    expect(score(1, 1)).toBe(Math.round((19 / 22) * 1e4) / 1e4);
  });

  it("stops at the depth and leaf size it is given", () => {
    expect(fitGateTree(examples, { depth: 1, minLeaf: 10 }).nodes).toHaveLength(
      3,
    );
    // No split leaves 50 questions on both sides: a single leaf (26 hits of 80).
    expect(fitGateTree(examples, { minLeaf: 50 }).nodes).toEqual([
      { leaf: Math.round((27 / 82) * 1e4) / 1e4 },
    ]);
  });

  it("gives the same table for the same questions in any order, and refuses none", () => {
    expect(fitGateTree([...examples].reverse())).toEqual(fitGateTree(examples));
    expect(() => fitGateTree([])).toThrow(/no example to fit/);
  });
});
