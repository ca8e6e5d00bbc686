import { didYouMean } from "../../../src/config/did-you-mean.js";

const KEYS = ["enabled", "handle", "model", "budgets", "max_steps", "missions"];

describe("didYouMean", () => {
  it.each([
    ["budget", "budgets"], // a letter missing
    ["modle", "model"], // two letters swapped
    ["max-steps", "max_steps"], // - for _
    ["Enabled", "enabled"], // case
    ["mision", "missions"], // two edits in a longer name
  ])("suggests %s → %s", (typo, known) => {
    expect(didYouMean(typo, KEYS)).toBe(known);
  });

  it.each(["colour", "x", "steps_max", "handlebars"])(
    "suggests nothing for %s, which is no near miss",
    (name) => {
      expect(didYouMean(name, KEYS)).toBeUndefined();
    },
  );

  it("suggests nothing when nothing is known", () => {
    expect(didYouMean("model", [])).toBeUndefined();
  });
});
