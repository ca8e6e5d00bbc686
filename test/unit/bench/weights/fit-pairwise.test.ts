import {
  fitPairwise,
  type LabelledChunk,
} from "../../../../bench/weights/fit-pairwise.js";
import { EVIDENCE_KINDS } from "../../../../src/retrieval/rank/evidence-weights.js";
import { FITTED_WEIGHTS } from "../../../../src/retrieval/rank/fitted-weights.js";

const zero = () =>
  Object.fromEntries(
    EVIDENCE_KINDS.map((k) => [k, 0]),
  ) as LabelledChunk["measure"];

// A deterministic stream of numbers in [0, 1).
function numbers(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/**
 * Questions where the fixed chunk is told apart by one kind: negatives
 * outscore it on BM25 (the base), and the fixed chunk has `kind`'s measure,
 * which no negative has. `noise` gets random measure on every chunk.
 */
function questions(
  kind: keyof LabelledChunk["measure"],
  noise: keyof LabelledChunk["measure"],
) {
  const next = numbers(7);
  return Array.from({ length: 40 }, () => {
    const rows: LabelledChunk[] = [];
    rows.push({
      base: 5,
      measure: { ...zero(), [kind]: 10, [noise]: 10 * next() },
      label: 2,
      file: 0,
    });
    for (let i = 0; i < 20; i++)
      rows.push({
        base: 6 + 3 * next(),
        measure: { ...zero(), [noise]: 10 * next() },
        label: 0,
        file: i + 1,
      });
    return rows;
  });
}

describe("fitPairwise", () => {
  it("raises the weight of the kind that tells the fixed chunk apart from a prior of 0, and orders more pairs right", () => {
    const fit = fitPairwise(questions("caller", "phrase"), {
      prior: { ...FITTED_WEIGHTS, caller: 0 },
    });
    // Beating a base 1 to 4 points higher takes caller weight above 0.4.
    expect(fit.weights.caller).toBeGreaterThan(0.4);
    expect(fit.ordered.fitted).toBeGreaterThan(fit.ordered.prior);
    expect(fit.ordered.fitted).toBeGreaterThan(0.9);
    expect(fit.loss.fitted).toBeLessThan(fit.loss.prior);
    expect(fit.questions).toBe(40);
    // The fixed chunk is also its file's best: two pairs with each negative.
    expect(fit.pairs).toBe(40 * 20 * 2);
  });

  it("never lets a weight go below 0, even when the kind marks the wrong chunks", () => {
    // Here the negatives have the measure, the fixed chunk none.
    const next = numbers(3);
    const misleading = Array.from({ length: 30 }, () => [
      { base: 8, measure: zero(), label: 2 as const, file: 0 },
      ...Array.from({ length: 10 }, () => ({
        base: 7.5 + 0.4 * next(),
        measure: { ...zero(), phrase: 5 + 5 * next() },
        label: 0 as const,
        file: 1,
      })),
    ]);
    const fit = fitPairwise(misleading, { prior: FITTED_WEIGHTS });
    expect(fit.weights.phrase).toBe(0);
  });

  it("leaves a kind the corpus never shows at its prior", () => {
    const fit = fitPairwise(questions("caller", "phrase"), {
      prior: { ...FITTED_WEIGHTS, caller: 0 },
    });
    expect(fit.weights.stackFrame).toBeCloseTo(FITTED_WEIGHTS.stackFrame, 2);
  });

  it("keeps a fixed kind at its prior, however much the data would move it", () => {
    const fit = fitPairwise(questions("caller", "phrase"), {
      prior: { ...FITTED_WEIGHTS, caller: 0 },
      fixed: ["caller"],
    });
    expect(fit.weights.caller).toBe(0);
  });
});
