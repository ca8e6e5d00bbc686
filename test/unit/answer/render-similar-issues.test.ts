import { renderSimilarIssues } from "../../../src/answer/render-similar-issues.js";

describe("renderSimilarIssues", () => {
  it("names each issue as GitHub links a reference, with its state and title", () => {
    expect(
      renderSimilarIssues([
        { number: 12, title: "Upload retries forever", state: "closed" },
        { number: 30, title: "Upload gives up too soon", state: "open" },
      ]),
    ).toBe(
      "**Similar earlier issues**: #12 (closed) Upload retries forever; #30 (open) Upload gives up too soon.",
    );
  });

  it("shows a title as written: no mention, no reference, no formatting made of it", () => {
    expect(
      renderSimilarIssues([
        {
          number: 7,
          title: "@octocat: `retry` *breaks* [again], see other/repo#5",
          state: "open",
        },
      ]),
    ).toBe(
      "**Similar earlier issues**: #7 (open) @\u200doctocat: \\`retry\\` \\*breaks\\* \\[again\\], see other/repo#\u200d5.",
    );
  });

  it("cuts a long title", () => {
    const line = renderSimilarIssues([
      { number: 1, title: "word ".repeat(40), state: "open" },
    ]);
    expect(line.length).toBeLessThan(120);
    expect(line.endsWith("….")).toBe(true);
  });

  it("says nothing when there is none", () => {
    expect(renderSimilarIssues([])).toBe("");
  });
});
