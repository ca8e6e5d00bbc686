import { explainMatch } from "../../../src/answer/explain-match.js";
import { ranked } from "./fixtures.js";

describe("explainMatch", () => {
  it("names what a place defines, in the code's own spelling, before the words it shares", () => {
    expect(explainMatch(ranked[0]!)).toBe(
      "Defines `shouldRetryUpload`; mentions `failed`.",
    );
  });

  it("says where the question pointed at the file", () => {
    expect(explainMatch(ranked[2]!)).toBe(
      "The stack trace in the question runs through this file; holds line 14 from the question's stack trace; mentions `upload` and `shouldRetryUpload`.",
    );
  });

  it("quotes a phrase in a code span, so a mention in it never pings anyone", () => {
    const place = {
      ...ranked[3]!,
      why: [
        {
          kind: "phrase" as const,
          detail: 'contains "@octocat said `no`"',
          points: 2,
        },
      ],
    };
    expect(explainMatch(place)).toBe(
      "Contains the text `@octocat said 'no'` from the question; mentions `retries`.",
    );
  });

  it("falls back to a plain sentence when the ranking gave no reason it knows", () => {
    const place = {
      ...ranked[3]!,
      matchedTerms: [],
      why: [{ kind: "file" as const, detail: "x", points: 1 }],
    };
    expect(explainMatch(place)).toBe("Matches the question as a whole.");
  });
});
