import {
  chooseThreshold,
  gateCurve,
  gatePoints,
} from "../../../src/eval/gate-curve.js";
import { QUESTIONS } from "../../helpers/scored-questions.js";

const points = [
  { score: 0.97, hit: true },
  { score: 0.9, hit: true },
  { score: 0.8, hit: true },
  { score: 0.7, hit: false },
  { score: 0.6, hit: true },
  { score: 0.2, hit: false },
];

describe("gateCurve", () => {
  it("answers the questions scored at or above each threshold", () => {
    expect(gateCurve(points, [0, 0.7, 0.99])).toEqual([
      { threshold: 0, answered: 6, coverage: 1, precision: 4 / 6 },
      { threshold: 0.7, answered: 4, coverage: 4 / 6, precision: 3 / 4 },
      { threshold: 0.99, answered: 0, coverage: 0, precision: 0 },
    ]);
  });
});

describe("chooseThreshold", () => {
  it("takes the lowest threshold that reaches the precision, so the best coverage", () => {
    expect(chooseThreshold(points, { minPrecision: 0.9 })).toEqual({
      threshold: 0.71,
      answered: 3,
      coverage: 0.5,
      precision: 1,
    });
    // 4 of the 5 scored 0.6 or more hit.
    expect(chooseThreshold(points, { minPrecision: 0.75 })?.threshold).toBe(
      0.21,
    );
  });

  it("wants enough questions answered, and says when no threshold will do", () => {
    expect(
      chooseThreshold(points, { minPrecision: 0.9, minAnswered: 4 }),
    ).toBeUndefined();
  });
});

describe("gatePoints", () => {
  it("reads each question's score and hit at the budget, leaving failed ones out", () => {
    expect(gatePoints(QUESTIONS, 8000)).toEqual([
      { score: 0.95, hit: true },
      { score: 0.35, hit: true },
      { score: 0.62, hit: false },
    ]);
    expect(gatePoints(QUESTIONS, 8000, () => 0.5)[0]).toEqual({
      score: 0.5,
      hit: true,
    });
    expect(gatePoints(QUESTIONS, 13000)).toEqual([]);
  });
});
