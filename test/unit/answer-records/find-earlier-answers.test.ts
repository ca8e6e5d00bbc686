import type { KeptAnswer } from "../../../src/storage/answer-records/answer-record.js";
import { rankEarlierAnswers } from "../../../src/answer-records/find-earlier-answers.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-28T12:00:00Z");

function kept(
  issueNumber: number,
  cited: Array<[string, Array<[number, number]>]>,
  more: Partial<KeptAnswer> = {},
): KeptAnswer {
  const read = {
    sha: SHA,
    cited: cited.map(([path, ranges]) => ({
      path,
      blob: "a".repeat(40),
      ranges,
    })),
  };
  return {
    id: `o/r:issue-comment:${issueNumber}`,
    repository: "o/r",
    installationId: 1,
    place: {
      owner: "o",
      repo: "r",
      htmlUrl: "https://github.com/o/r",
      issueNumber,
      reactTo: { kind: "comment", commentId: issueNumber * 10 },
      commentId: issueNumber * 100,
    },
    url: `https://github.com/o/r/issues/${issueNumber}#issuecomment-${issueNumber * 100}`,
    answeredAt: NOW - issueNumber * DAY,
    read,
    tracked: read,
    noted: false,
    ...more,
  };
}

// The new question's best places, as retrieval ranked them.
const PLACES = [
  { path: "src/retry.ts", range: [10, 30] },
  { path: "src/retry.ts", range: [50, 60] },
  { path: "src/upload.ts", range: [1, 40] },
  { path: "src/client.ts", range: [5, 15] },
  { path: "src/log.ts", range: [1, 9] },
  { path: "src/far.ts", range: [1, 9] },
] as const;
const askedIn = {
  issueNumber: 1,
  reactTo: { kind: "comment" as const, commentId: 1 },
};

describe("rankEarlierAnswers", () => {
  it("names answers whose cited lines overlap a best place, or that share two of the best files, best first", () => {
    const answers = [
      // One file, lines elsewhere: what any two questions about retry.ts share.
      kept(2, [["src/retry.ts", [[200, 220]]]]),
      // Lines overlapping the best place.
      kept(3, [["src/retry.ts", [[25, 40]]]]),
      // Two of the five files, no lines in common.
      kept(4, [
        ["src/client.ts", [[100, 120]]],
        ["src/log.ts", [[40, 50]]],
      ]),
      // The whole of the best file.
      kept(5, [
        ["src/retry.ts", []],
        ["src/upload.ts", [[1, 5]]],
      ]),
      // Only a file beyond the five.
      kept(6, [["src/far.ts", [[1, 9]]]]),
    ];
    const found = rankEarlierAnswers(answers, PLACES, { askedIn, max: 5 });
    expect(found.map((f) => f.where)).toStrictEqual([
      "issue 5",
      "issue 3",
      "issue 4",
    ]);
    expect(found[0]).toStrictEqual({
      url: "https://github.com/o/r/issues/5#issuecomment-500",
      where: "issue 5",
      answeredAt: NOW - 5 * DAY,
      shared: ["src/retry.ts", "src/upload.ts"],
    });
  });

  it("leaves out the asking thread's own answers and answers noted out of date, and keeps to the most asked for", () => {
    const answers = [
      kept(1, [["src/retry.ts", [[10, 12]]]]),
      kept(7, [["src/retry.ts", [[10, 12]]]], { noted: true }),
      kept(8, [["src/retry.ts", [[10, 12]]]]),
      kept(9, [["src/retry.ts", [[10, 12]]]]),
    ];
    expect(
      rankEarlierAnswers(answers, PLACES, { askedIn, max: 1 }).map(
        (f) => f.where,
      ),
    ).toStrictEqual(["issue 8"]);
  });

  it("tells a discussion apart from the issue with its number", () => {
    const discussion = kept(1, [["src/retry.ts", [[10, 12]]]]);
    discussion.place = {
      ...discussion.place,
      reactTo: {
        kind: "discussion",
        discussion: { nodeId: "D_1", number: 1 } as never,
      },
    };
    expect(
      rankEarlierAnswers([discussion], PLACES, { askedIn, max: 2 }).map(
        (f) => f.where,
      ),
    ).toStrictEqual(["discussion 1"]);
  });
});
