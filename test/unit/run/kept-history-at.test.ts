import { keptHistoryAt } from "../../../src/run/kept-history-at.js";
import type { KeptCommit } from "../../../src/storage/commit-history/commit-history.js";

const sha = (n: number) => n.toString(16).padStart(40, "0");
const kept = (commits: KeptCommit[]) =>
  new Map(commits.map((commit) => [commit.sha, commit]));

// 1 ← 2 ← 3 ← 4 on the branch; 5 was force-pushed away from 3.
const branch = kept([
  { sha: sha(1), previous: null, files: ["README.md"] },
  { sha: sha(2), previous: sha(1), files: ["src/a.rs", "CHANGELOG.md"] },
  { sha: sha(3), previous: sha(2), files: [] },
  { sha: sha(4), previous: sha(3), files: ["src/b.rs", "CHANGELOG.md"] },
  { sha: sha(5), previous: sha(3), files: ["src/gone.rs"] },
]);

describe("keptHistoryAt", () => {
  it("reads the commit and those before it, newest first, to the repository's first commit", () => {
    expect(keptHistoryAt(branch, sha(4))).toStrictEqual({
      history: {
        commit: sha(4),
        commits: [
          ["src/b.rs", "CHANGELOG.md"],
          ["src/a.rs", "CHANGELOG.md"],
          ["README.md"],
        ],
      },
      // The commit of no file counts as walked, not as read.
      walked: 4,
    });
  });

  it("never reads a commit after the question's, nor one pushed off its branch", () => {
    expect(keptHistoryAt(branch, sha(2)).history?.commits).toStrictEqual([
      ["src/a.rs", "CHANGELOG.md"],
      ["README.md"],
    ]);
    expect(keptHistoryAt(branch, sha(4)).history?.commits.flat()).not.toContain(
      "src/gone.rs",
    );
  });

  it("has no history at a commit it does not keep, and says to read from there", () => {
    expect(keptHistoryAt(branch, sha(9))).toStrictEqual({
      walked: 0,
      resume: { from: sha(9), kept: false },
    });
  });

  it("stops where it does not know what came before, saying where to read on", () => {
    const forced = kept([
      { sha: sha(7), files: ["src/c.rs"] },
      { sha: sha(8), previous: sha(7), files: ["src/d.rs"] },
    ]);
    expect(keptHistoryAt(forced, sha(8))).toStrictEqual({
      history: { commit: sha(8), commits: [["src/d.rs"], ["src/c.rs"]] },
      walked: 2,
      resume: { from: sha(7), kept: true },
    });
    const gap = kept([{ sha: sha(8), previous: sha(7), files: ["src/d.rs"] }]);
    expect(keptHistoryAt(gap, sha(8)).resume).toStrictEqual({
      from: sha(7),
      kept: false,
    });
  });

  it("reads at most the depth asked for, leaving out commits over the files the tier reads", () => {
    const wide = kept([
      {
        sha: sha(2),
        previous: sha(1),
        files: Array.from({ length: 31 }, (_, i) => `f${i}`),
      },
      { sha: sha(3), previous: sha(2), files: ["a"] },
    ]);
    expect(keptHistoryAt(wide, sha(3), 2)).toStrictEqual({
      history: { commit: sha(3), commits: [["a"]] },
      walked: 2,
    });
  });
});
