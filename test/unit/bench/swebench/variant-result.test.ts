import { variantResult } from "../../../../bench/swebench/variant-result.js";
import { emptyInstanceResult } from "../../../../src/eval/empty-instance-result.js";
import type {
  BudgetRun,
  SystemRun,
} from "../../../../src/eval/result-types.js";

const system = (linesFound: number): SystemRun => ({
  score: {
    goldFiles: 1,
    filesFound: 1,
    goldLines: 10,
    linesFound,
    filesWithBody: 1,
    found: ["a.py"],
  },
  tokensUsed: 100,
  files: [["a.py", linesFound]],
  mismatches: 0,
});

describe("variantResult", () => {
  const run: BudgetRun = {
    budget: 13_000,
    systems: { askcode: system(4), bm25: system(1), bm25Stop: system(1) },
    askcodeMs: 5,
    baselineMs: 1,
    variants: { off: system(6) },
  };
  const result = {
    ...emptyInstanceResult({
      instance_id: "a__a-1",
      repo: "a/a",
      base_commit: "0".repeat(40),
      problem_statement: "x",
      gold_files: ["a.py"],
      gold_hunks: {},
    }),
    budgets: [run],
  };

  it("makes the variant's packing askcode's, and keeps the rest of the run", () => {
    const off = variantResult(result, "off");
    expect(off.budgets[0]?.systems.askcode).toEqual(system(6));
    expect(off.budgets[0]?.systems.bm25).toEqual(system(1));
    expect(off.budgets[0]).not.toHaveProperty("variants");
    expect(off.instanceId).toBe("a__a-1");
  });

  it("without a name, is the run's own result without the variants", () => {
    const own = variantResult(result);
    expect(own.budgets[0]?.systems.askcode).toEqual(system(4));
    expect(own.budgets[0]).not.toHaveProperty("variants");
  });

  it("names the instance and the variant it lacks", () => {
    expect(() => variantResult(result, "on")).toThrow(
      'a__a-1 at 13000 tokens has no variant "on"',
    );
  });
});
