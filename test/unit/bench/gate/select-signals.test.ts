import {
  crossValidatedAuc,
  crossValidatedScores,
  type GroupedExample,
  selectSignals,
} from "../../../../bench/gate/select-signals.js";
import { fitGateModel } from "../../../../bench/gate/fit-gate-model.js";
import { gateScore } from "../../../../src/retrieval/confidence/gate-model.js";

// Four repositories; in each, questions whose best file stands out (margin
// 0.8) hit and the others (0.2) miss, while `smallRepository` only tells
// the repositories apart (the first two hit more), saying nothing of a
// question within one.
const examples = ["a/a", "b/b", "c/c", "d/d"].flatMap((repo, r) =>
  Array.from({ length: 8 }, (_, i) => ({
    repo,
    signals: {
      margin: i < 4 ? 0.8 : 0.2,
      smallRepository: r < 2 ? 1 : 0,
      namesDeclared: (i * 7 + r * 3) % 5 === 0 ? 1 : 0,
    },
    // One question of each margin bucket goes against it: noise.
    hit: i < 4 ? i !== 0 : i === 4 || (r < 2 && i === 5),
  })),
);

describe("selectSignals", () => {
  it("keeps the signal that orders unseen repositories' questions, and only that", () => {
    const steps = selectSignals(examples);
    expect(steps.map((s) => s.signals)).toEqual([["margin"]]);
    expect(steps[0]?.auc).toBeGreaterThan(0.7);
    expect(selectSignals(examples)).toEqual(steps);
  });

  it("scores a signal that says nothing about a question at chance", () => {
    expect(crossValidatedAuc(examples, ["margin"])).toBeGreaterThan(
      crossValidatedAuc(examples, ["namesDeclared"]),
    );
  });
});

describe("crossValidatedScores", () => {
  it("scores each question with the model fitted without its repository, as a chance of a hit", () => {
    const fit = (rows: readonly GroupedExample[]) =>
      fitGateModel(rows, { signals: ["margin", "smallRepository"] }).model;
    const scores = crossValidatedScores(examples, fit);
    expect(scores).toHaveLength(examples.length);
    examples.forEach((e, i) => {
      const model = fit(examples.filter((x) => x.repo !== e.repo));
      expect(scores[i]).toEqual({
        score: gateScore(model, e.signals),
        hit: e.hit,
      });
    });
  });
});
