import { renderLimitNotice } from "../../../src/limits/render-limit-notice.js";

const NOW = Date.parse("2026-11-22T14:37:00Z");
const RESET = Date.parse("2026-11-22T15:00:00Z");

describe("renderLimitNotice", () => {
  it("names the person's limit and when to ask again", () => {
    expect(
      renderLimitNotice(
        { scope: "user", name: "octocat", limit: 20 },
        RESET,
        NOW,
      ),
    ).toBe(
      [
        "⏳ askcode answers at most 20 questions an hour from one person, and `octocat` has asked that many this hour. Ask again after 15:00 UTC (in 23 minutes).",
        "",
        "<sub>Questions asked before then get no answer and no further notice.</sub>",
      ].join("\n"),
    );
  });

  it("names the repository's limit, in the singular where it is one", () => {
    expect(
      renderLimitNotice(
        { scope: "repository", name: "octo-org/hello-world", limit: 1 },
        RESET,
        RESET - 30_000,
      ).split("\n")[0],
    ).toBe(
      "⏳ askcode answers at most 1 question an hour in this repository, and this hour's are used. Ask again after 15:00 UTC (in 1 minute).",
    );
  });
});
