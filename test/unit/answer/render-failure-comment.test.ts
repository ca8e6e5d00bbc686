import { renderFailureComment } from "../../../src/answer/render-failure-comment.js";
import { repository } from "./fixtures.js";

describe("renderFailureComment", () => {
  it("says the answer could not be completed, why, and what to do, and sends the maintainer to the logs", async () => {
    expect(
      await renderFailureComment(
        { kind: "model-unavailable" },
        { handle: "askcode", repository },
      ),
    ).toMatchInlineSnapshot(`
     "askcode could not finish an answer to this question.

     The model did not answer, even after several tries. Please mention \`@askcode\` again in a few minutes; if it keeps failing, a maintainer can find why in the app's logs.

     <sub>askcode · read at [9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>"
    `);
  });

  it("waits as long as the model asked", async () => {
    expect(
      await renderFailureComment(
        { kind: "model-rate-limited", retryAfterSeconds: 120 },
        { handle: "code-bot" },
      ),
    ).toMatchInlineSnapshot(`
     "askcode could not finish an answer to this question.

     The model hit its rate limit and asked askcode to wait 2 minutes. Please mention \`@code-bot\` again after that.

     <sub>askcode</sub>"
    `);
  });

  it.each([
    [
      { kind: "model-rejected" } as const,
      "A maintainer needs to check the model's name, key and context window",
    ],
    [{ kind: "time-limit", seconds: 300 } as const, "time limit of 5 minutes"],
    [{ kind: "github" } as const, "GitHub did not answer as expected"],
    [{ kind: "internal" } as const, "in the app's logs"],
  ])("explains %j", async (reason, phrase) => {
    const body = await renderFailureComment(reason);
    expect(
      body.startsWith("askcode could not finish an answer to this question.\n"),
    ).toBe(true);
    expect(body).toContain(phrase);
    expect(body).not.toContain("<details>");
  });

  it("never pings a user named like the app", async () => {
    const body = await renderFailureComment(
      { kind: "github" },
      { handle: "askcode" },
    );
    expect(body).toContain("`@askcode`");
    expect(body.replace(/`[^`]*`/g, "")).not.toContain("@");
  });

  it("says a named ref is not in the repository and that nothing was answered", async () => {
    expect(
      await renderFailureComment(
        { kind: "ref-not-found", ref: "v9.9" },
        { handle: "askcode" },
      ),
    ).toMatchInlineSnapshot(`
     "askcode did not start on this question.

     This repository has no branch, tag or commit named \`v9.9\`, so nothing was read and nothing was answered. Please mention \`@askcode\` again naming a branch, tag or commit it has, or without one to read the default branch.

     <sub>askcode</sub>"
    `);
  });

  it("shows the asker's ref as a code span that cannot be closed, cut short", async () => {
    const body = await renderFailureComment({
      kind: "ref-not-found",
      ref: "`@octocat` " + "x".repeat(300),
    });
    const named = /named (`[^`]*`),/.exec(body)?.[1] ?? "";
    expect(named).toBe("`@octocat " + "x".repeat(71) + "…`");
    expect(body.replace(/`[^`]*`/g, "")).not.toContain("@");
  });

  it("names the ref the question asked for beside the commit it read", async () => {
    const body = await renderFailureComment(
      { kind: "github" },
      { repository: { ...repository, askedRef: "v2.1" } },
    );
    expect(body).toContain(
      "<sub>askcode · read `v2.1` at [9fceb02](https://github.com/octo/uploader/commit/9fceb02d0ae598e95dc970b74767f19372d61af8)</sub>",
    );
  });

  it.each([
    [404, "pull-request"],
    [403, "repository"],
  ] as const)(
    "reports GitHub's %i (reading the %s) as GitHub's answer, with what to check",
    async (status, subject) => {
      expect(
        await renderFailureComment(
          { kind: "github-refused", status, subject },
          { handle: "askcode" },
        ),
      ).toMatchSnapshot();
    },
  );
});
