import { fitGateModel } from "../../../../bench/gate/fit-gate-model.js";
import { CONFIDENCE_SIGNALS } from "../../../../src/retrieval/confidence/confidence-signals.js";

// Ten questions with a definition of their name found (9 hits) and ten without (1 hit).
const examples = Array.from({ length: 20 }, (_, i) => ({
  signals: { namesDeclared: i < 10 ? 1 : 0 },
  hit: i < 10 ? i !== 0 : i === 10,
}));

describe("fitGateModel", () => {
  it("finds the maximum-likelihood model when unpenalised", () => {
    const { model, loss } = fitGateModel(examples, { l2: 0 });
    const logit = (p: number) => Math.log(p / (1 - p));
    expect(model.intercept).toBeCloseTo(logit(0.1), 3);
    expect(model.weights.namesDeclared).toBeCloseTo(logit(0.9) - logit(0.1), 3);
    // A signal that never varies gets no weight.
    for (const s of CONFIDENCE_SIGNALS)
      if (s !== "namesDeclared") expect(model.weights[s]).toBe(0);
    expect(loss.fitted).toBeLessThan(loss.baseRate);
  });

  it("gives the same model for the same questions, and pulls weights toward 0 under a penalty", () => {
    const a = fitGateModel(examples);
    expect(fitGateModel(examples)).toEqual(a);
    expect(
      fitGateModel(examples, { l2: 1 }).model.weights.namesDeclared,
    ).toBeLessThan(a.model.weights.namesDeclared);
  });

  it("fits only the signals it is given, the others weighing 0", () => {
    const both = examples.map((e, i) => ({
      ...e,
      signals: { ...e.signals, margin: i % 3 === 0 ? 1 : 0 },
    }));
    const { model } = fitGateModel(both, { signals: ["margin"] });
    expect(model.weights.namesDeclared).toBe(0);
    expect(model.weights.margin).not.toBe(0);
  });

  it("refuses to fit nothing, saying why", () => {
    expect(() => fitGateModel([])).toThrow(/no example to fit/);
  });
});
