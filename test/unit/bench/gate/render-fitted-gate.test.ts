import {
  describeFit,
  fitGateModel,
} from "../../../../bench/gate/fit-gate-model.js";
import { fitGateTree } from "../../../../bench/gate/fit-gate-tree.js";
import { renderFittedGate } from "../../../../bench/gate/render-fitted-gate.js";
import {
  crossValidatedScores,
  type GroupedExample,
} from "../../../../bench/gate/select-signals.js";
import { chooseThreshold } from "../../../../src/eval/gate-curve.js";

// Three repositories; a question whose best file stands out (margin 0.9)
// mostly hits, one whose best file does not (0.1) mostly misses.
const examples = ["a/a", "b/b", "c/c"].flatMap((repo, r) =>
  Array.from({ length: 10 }, (_, i) => ({
    repo,
    signals: { margin: i < 5 ? 0.9 : 0.1, bestDefines: (i + r) % 2 },
    hit: i < 5 ? i !== r : i === 5,
  })),
);

const render = (rows: typeof examples, model: "logistic" | "tree"): string => {
  const signals = ["margin", "bestDefines"] as const;
  const fitModel = (some: readonly GroupedExample[]) =>
    model === "tree"
      ? fitGateTree(some, { depth: 2, minLeaf: 3 })
      : fitGateModel(some, { signals }).model;
  const fit = describeFit(rows, fitModel(rows));
  const chosen = chooseThreshold(crossValidatedScores(rows, fitModel), {
    minPrecision: 0.8,
  });
  if (!chosen) throw new Error("no threshold reaches 80 %");
  return renderFittedGate(
    fit,
    chosen,
    0.8,
    "npm run fit:gate -- --runs training.json --precision 0.8 --write",
  );
};

describe("renderFittedGate", () => {
  it("writes the same file, byte for byte, from the same questions in any order, with the threshold chosen across repositories", () => {
    const file = render(examples, "logistic");
    expect(render([...examples].reverse(), "logistic")).toBe(file);
    expect(file).toContain(
      " * The threshold is the lowest with precision ≥ 80.0% on those questions, each\n" +
        " * scored by a model fitted without its repository (leave one repository out):\n",
    );
    expect(file).toMatch(/ {2}threshold: 0\.\d+,\n\};\n$/);
  });

  it("writes a tree as a table of nodes, the same from the same questions in any order", () => {
    const file = render(examples, "tree");
    expect(render([...examples].reverse(), "tree")).toBe(file);
    expect(file).toContain(
      '  kind: "tree",\n  nodes: [\n    { signal: "margin", atLeast: 0.9, then: 1, else: ',
    );
  });
});
