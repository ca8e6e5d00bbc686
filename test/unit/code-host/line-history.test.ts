import {
  keepFirstCommits,
  MAX_HISTORY_COMMITS,
  pullRequestInSubject,
  squashedNote,
  type LineHistory,
} from "../../../src/code-host/line-history.js";

const commit = (headline: string) => ({
  sha: "a".repeat(40),
  headline,
  committedAt: "2025-01-01T00:00:00Z",
});

function history(headline: string, endLine: number): LineHistory {
  return {
    path: "src/a.ts",
    startLine: 1,
    endLine,
    ranges: [{ startLine: 1, endLine, commit: commit(headline) }],
    limits: [],
  };
}

describe("pullRequestInSubject", () => {
  it.each([
    ["Merge pull request #12 from octo/retry", { number: 12, merge: true }],
    [
      "Retry uploads (#34)",
      { number: 34, merge: false, title: "Retry uploads" },
    ],
    ["Fix #3 in the parser", undefined],
    ["Merge branch 'main' into retry", undefined],
  ])("%s", (subject, expected) => {
    expect(pullRequestInSubject(subject)).toStrictEqual(expected);
  });
});

describe("squashedNote", () => {
  it("says when many lines came in one squashed commit", () => {
    expect(squashedNote(history("Time out uploads (#34)", 5))).toBe(
      "These lines came in one squashed commit: the commits of pull request #34 are not in the history, its page has them.",
    );
  });

  it("says nothing of one line, a plain commit or several commits", () => {
    expect(squashedNote(history("Time out uploads (#34)", 1))).toBeUndefined();
    expect(squashedNote(history("Time out uploads", 5))).toBeUndefined();
    const two = history("Time out uploads (#34)", 5);
    two.ranges.push({
      startLine: 6,
      endLine: 6,
      commit: { ...commit("Other (#35)"), sha: "b".repeat(40) },
    });
    expect(squashedNote(two)).toBeUndefined();
  });
});

describe("keepFirstCommits", () => {
  it("names the first commits and says where the rest begin", () => {
    const ranges = Array.from({ length: MAX_HISTORY_COMMITS + 3 }, (_, i) => ({
      startLine: 2 * i + 1,
      endLine: 2 * i + 2,
      commit: {
        ...commit(`Change ${i}`),
        sha: i.toString(16).padStart(40, "0"),
      },
    }));
    const kept = keepFirstCommits(ranges);
    expect(kept.ranges).toStrictEqual(ranges.slice(0, MAX_HISTORY_COMMITS));
    expect(kept.limit).toBe(
      "Lines 25-30 hold more commits than the 12 named: ask about them apart.",
    );
    expect(keepFirstCommits(ranges.slice(0, 3))).toStrictEqual({
      ranges: ranges.slice(0, 3),
    });
  });
});
