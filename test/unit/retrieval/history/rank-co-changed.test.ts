import { rankCoChanged } from "../../../../src/retrieval/history/rank-co-changed.js";

// A Rust rule and the schema regenerated with it, the pattern the study
// looks for (biome's configuration_schema.json), plus noise.
const commits = [
  ["crates/lint/src/rule.rs", "packages/configuration_schema.json"],
  [
    "crates/lint/src/rule.rs",
    "packages/configuration_schema.json",
    "CHANGELOG.md",
  ],
  ["crates/lint/src/rule.rs", "crates/lint/src/other.rs"],
  ["crates/parser/src/lib.rs", "CHANGELOG.md"],
  ["crates/parser/src/lib.rs", "packages/configuration_schema.json"],
  ["README.md"],
];
const everything = () => true;

describe("rankCoChanged", () => {
  it("ranks by commits shared with the seeds, then confidence, then path", () => {
    expect(
      rankCoChanged({
        commits,
        seeds: ["crates/lint/src/rule.rs"],
        exclude: new Set(),
        exists: everything,
      }),
    ).toStrictEqual([
      {
        file: "packages/configuration_schema.json",
        support: 2,
        confidence: 2 / 3,
        seed: { file: "crates/lint/src/rule.rs", commits: 2 },
      },
      {
        file: "CHANGELOG.md",
        support: 1,
        confidence: 1 / 3,
        seed: { file: "crates/lint/src/rule.rs", commits: 1 },
      },
      {
        file: "crates/lint/src/other.rs",
        support: 1,
        confidence: 1 / 3,
        seed: { file: "crates/lint/src/rule.rs", commits: 1 },
      },
    ]);
  });

  it("adds up over seeds and never proposes a seed", () => {
    const ranked = rankCoChanged({
      commits,
      seeds: ["crates/lint/src/rule.rs", "crates/parser/src/lib.rs"],
      exclude: new Set(),
      exists: everything,
    });
    expect(ranked.map((c) => [c.file, c.support])).toStrictEqual([
      ["packages/configuration_schema.json", 3],
      ["CHANGELOG.md", 2],
      ["crates/lint/src/other.rs", 1],
    ]);
    expect(ranked[0]?.confidence).toBeCloseTo(2 / 3 + 1 / 2);
    // The seed a reader is told of: the one it changed with most often.
    expect(ranked[0]?.seed).toStrictEqual({
      file: "crates/lint/src/rule.rs",
      commits: 2,
    });
  });

  it("puts a file a busy seed keeps coming back to before one a seed changed once with", () => {
    // a.rs changed four times, twice with x.rs (confidence 1/2); b.rs once,
    // with y.rs (confidence 1): support ranks x.rs first.
    expect(
      rankCoChanged({
        commits: [
          ["a.rs", "x.rs"],
          ["a.rs", "x.rs"],
          ["a.rs"],
          ["a.rs"],
          ["b.rs", "y.rs"],
        ],
        seeds: ["a.rs", "b.rs"],
        exclude: new Set(),
        exists: everything,
      }).map((c) => c.file),
    ).toStrictEqual(["x.rs", "y.rs"]);
  });

  it("leaves out files already shown and files gone at the question's commit", () => {
    expect(
      rankCoChanged({
        commits,
        seeds: ["crates/lint/src/rule.rs"],
        exclude: new Set(["packages/configuration_schema.json"]),
        exists: (file) => file !== "crates/lint/src/other.rs",
      }).map((c) => c.file),
    ).toStrictEqual(["CHANGELOG.md"]);
  });

  it("proposes nothing for a seed no commit changed", () => {
    expect(
      rankCoChanged({
        commits,
        seeds: ["src/new.rs"],
        exclude: new Set(),
        exists: everything,
      }),
    ).toStrictEqual([]);
  });
});
