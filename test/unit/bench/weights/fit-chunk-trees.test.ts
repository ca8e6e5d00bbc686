import {
  crossValidateTrees,
  fitChunkTrees,
  TREE_BOOST,
  type HeadBoost,
} from "../../../../bench/weights/fit-chunk-trees.js";
import { fitChunkModel } from "../../../../bench/weights/fit-chunk-model.js";
import { interactionQuestions } from "../../../helpers/interaction-questions.js";

const boost: HeadBoost = {
  line: { ...TREE_BOOST.line, rounds: 30, minHessian: 0.1, depth: 2 },
  file: { ...TREE_BOOST.file, rounds: 30, minHessian: 0.05, depth: 2 },
};

describe("crossValidateTrees", () => {
  it("chooses rounds of trees where they lower the loss on repositories not fitted, measured from the linear heads' loss there", () => {
    const questions = interactionQuestions(16, 4);
    const choice = crossValidateTrees(questions, {
      folds: 4,
      l2: { line: 0.001, file: 0.001 },
      steps: 200,
      boost,
    });
    expect(choice.folds).toBe(4);
    expect(choice.loss.line).toHaveLength(31);
    expect(choice.rounds.line).toBeGreaterThan(0);
    const line = choice.loss.line;
    expect(line[choice.rounds.line]).toBeLessThan((line[0] as number) - 0.5);
    expect(line[choice.rounds.line]).toBe(Math.min(...line));
  });
});

describe("fitChunkTrees", () => {
  it("boosts each head the rounds asked on top of its linear weights, the same trees to the bit from the same rows in any order", () => {
    const questions = interactionQuestions(16, 4);
    const heads = fitChunkModel(questions, { steps: 200 }).heads;
    const rounds = { line: 12, file: 5 };
    const first = fitChunkTrees(questions, heads, rounds, boost);
    const second = fitChunkTrees(
      [...questions].reverse(),
      heads,
      rounds,
      boost,
    );
    expect(first.line).toHaveLength(12);
    expect(first.file).toHaveLength(5);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });
});
