import {
  firstPassPays,
  treesToMake,
} from "../../../../src/retrieval/one-question/first-pass-pays.js";

describe("treesToMake", () => {
  it("counts only the files cut on a syntax tree", () => {
    expect(
      treesToMake([
        { path: "pkg/api.py" },
        { path: "src/lib.rs" },
        { path: "src/app.ts" },
        { path: "README.md" },
      ]),
    ).toBe(3);
  });
});

describe("firstPassPays", () => {
  it("makes up to three trees per top file in one stage by default", () => {
    expect(firstPassPays(300)).toBe(false);
    expect(firstPassPays(301)).toBe(true);
    expect(firstPassPays(90, { topFiles: 30 })).toBe(false);
    expect(firstPassPays(91, { topFiles: 30 })).toBe(true);
  });

  it("takes the one-stage limit as given", () => {
    expect(firstPassPays(1, { oneStageMaxTrees: 0 })).toBe(true);
    expect(firstPassPays(0, { oneStageMaxTrees: 0 })).toBe(false);
    expect(firstPassPays(1_000, { oneStageMaxTrees: 5_000 })).toBe(false);
  });
});
