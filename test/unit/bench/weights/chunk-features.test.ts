import { chunkFeatures } from "../../../../bench/weights/chunk-features.js";
import { EVIDENCE_KINDS } from "../../../../src/retrieval/rank/evidence-weights.js";
import { FITTED_WEIGHTS } from "../../../../src/retrieval/rank/fitted-weights.js";

const weights = { ...FITTED_WEIGHTS, caller: 0.2 };

describe("chunkFeatures", () => {
  it("splits a test file's score into a fixed base and each kind's measure, so that base + Σ weight × measure is the score", () => {
    // A test file (×0.5): terms 4, file share 3 (weight 0.5 → measure 6), a caller's share 1 (weight 0.2 → measure 5).
    const why = [
      { kind: "term" as const, detail: '"retry"', points: 4 },
      { kind: "file" as const, detail: "file", points: 3 },
      { kind: "caller" as const, detail: "uses retry", points: 1 },
      { kind: "file-kind" as const, detail: "test file ×0.5", points: -4 },
    ];
    const score = why.reduce((sum, w) => sum + w.points, 0);
    const features = chunkFeatures({ why }, weights);
    expect(features.base).toBeCloseTo(2, 9);
    expect(features.measure.file).toBeCloseTo(3, 9);
    expect(features.measure.caller).toBeCloseTo(2.5, 9);
    expect(features.measure.definition).toBe(0);
    const rebuilt =
      features.base +
      EVIDENCE_KINDS.reduce(
        (sum, k) => sum + weights[k] * features.measure[k],
        0,
      );
    expect(rebuilt).toBeCloseTo(score, 9);
  });

  it("keeps a copy's share in the base: it is the best copy's score, whatever the weights", () => {
    const features = chunkFeatures(
      {
        why: [
          { kind: "term", detail: '"x"', points: 1 },
          { kind: "copy", detail: "same text as a.c", points: 7 },
        ],
      },
      weights,
    );
    expect(features.base).toBe(8);
  });
});
