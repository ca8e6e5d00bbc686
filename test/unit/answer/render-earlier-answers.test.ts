import { renderEarlierAnswers } from "../../../src/answer/render-earlier-answers.js";

describe("renderEarlierAnswers", () => {
  it("links each earlier answer with where and when it was given and the files it shares", () => {
    expect(
      renderEarlierAnswers([
        {
          url: "https://github.com/o/r/issues/12#issuecomment-9",
          where: "issue 12",
          answeredAt: Date.parse("2026-10-03T08:00:00Z"),
          shared: ["src/retry.ts", "src/upload.ts", "src/log.ts"],
        },
        {
          url: "https://github.com/o/r/discussions/4#discussioncomment-7",
          where: "discussion 4",
          answeredAt: Date.parse("2026-11-20T08:00:00Z"),
          shared: ["src/retry.ts"],
        },
      ]),
    ).toBe(
      "**Answered before** on the same code: [an answer in issue 12](https://github.com/o/r/issues/12#issuecomment-9) (2026-10-03, `src/retry.ts`, `src/upload.ts`); [an answer in discussion 4](https://github.com/o/r/discussions/4#discussioncomment-7) (2026-11-20, `src/retry.ts`).",
    );
  });

  it("says nothing when there is none", () => {
    expect(renderEarlierAnswers([])).toBe("");
  });
});
