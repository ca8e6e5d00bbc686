import { createSeenRanges } from "../../../src/answer/seen-ranges.js";
import { mergeRanges } from "../../../src/answer/line-range.js";

describe("createSeenRanges", () => {
  it("records the packed context, tool results and names, merging ranges per file", () => {
    const seen = createSeenRanges();
    seen.addPackedContext({
      files: [
        {
          path: "src/a.ts",
          ranges: [
            [1, 10],
            [30, 40],
          ],
          tokens: 200,
        },
      ],
      pieces: [
        {
          path: "src/a.ts",
          startLine: 1,
          endLine: 10,
          form: "full",
          tokens: 100,
          score: 2,
          context: "",
          why: "",
        },
        {
          path: "src/b.ts",
          startLine: 5,
          endLine: 9,
          form: "metadata",
          tokens: 8,
          score: 1,
          context: "",
          why: "",
        },
      ],
    });
    seen.add("src/a.ts", [11, 20], 50);
    seen.add("docs/c.md");
    expect(seen.rangesOf("src/a.ts")).toEqual([
      [1, 20],
      [30, 40],
    ]);
    expect(seen.rangesOf("src/b.ts")).toEqual([]);
    expect(seen.rangesOf("src/zz.ts")).toBeUndefined();
    expect(seen.paths()).toEqual(["src/a.ts", "src/b.ts", "docs/c.md"]);
    expect(seen.files()[0]).toEqual({
      path: "src/a.ts",
      ranges: [
        [1, 20],
        [30, 40],
      ],
      tokens: 250,
    });
  });
});

describe("mergeRanges", () => {
  it("merges overlapping and touching ranges, and turns reversed ones around", () => {
    expect(
      mergeRanges([
        [20, 30],
        [1, 10],
        [12, 11],
        [25, 40],
      ]),
    ).toEqual([
      [1, 12],
      [20, 40],
    ]);
  });
});
