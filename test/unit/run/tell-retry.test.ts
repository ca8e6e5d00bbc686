import { RequestError } from "@octokit/request-error";
import { tellRetry } from "../../../src/run/tell-retry.js";
import {
  GitHubError,
  ModelError,
  RateLimitError,
} from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { noWarnings, warningsLog } from "../../helpers/warnings-log.js";

const request = {
  method: "GET" as const,
  url: "https://api.github.com/repos/o/r",
  headers: {},
};
const noAnswer = Object.assign(
  new RequestError("fetch failed", 500, { request }),
  {
    cause: new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), {
        code: "ECONNREFUSED",
      }),
    }),
  },
);

describe("tellRetry", () => {
  it.each([
    ["a 502", new GitHubError("Bad Gateway", 502), "GitHub answered 502"],
    [
      "Octokit's 503",
      new RequestError("Service Unavailable", 503, { request }),
      "GitHub answered 503",
    ],
    ["no answer at all", noAnswer, "GitHub could not be reached"],
    [
      "a rate limit",
      new RateLimitError("rate limited", 403, undefined),
      "GitHub's rate limit was reached",
    ],
    [
      "the model unreachable",
      new ModelError("the model endpoint could not be reached"),
      "the model could not be reached",
    ],
  ])("names %s, and when askcode tries again", async (_name, error, failed) => {
    const edits: string[] = [];
    await tellRetry(
      { edit: async (body) => void edits.push(body) },
      error,
      { inMs: 10_000, attempt: 2, of: 3 },
      { clock: createFakeClock(), log: noWarnings },
    );
    expect(edits).toStrictEqual([
      `⏳ **askcode will try again at 22:13:30 UTC** (attempt 2 of 3): ${failed} at 22:13:20 UTC.\n\nThis comment becomes the answer once it is ready; nothing needs to be asked again.`,
    ]);
  });

  it("costs only the notice when the edit fails, and logs why", async () => {
    const refused = new Error("403");
    const log = warningsLog();
    await expect(
      tellRetry(
        { edit: () => Promise.reject(refused) },
        new GitHubError("Bad Gateway", 502),
        { inMs: 1, attempt: 2, of: 2 },
        {
          clock: createFakeClock(),
          log,
        },
      ),
    ).resolves.toBeUndefined();
    expect(log.warnings).toStrictEqual([
      [
        { err: refused },
        "askcode could not tell in its comment that it will try again; the comment shows its last step until the next attempt",
      ],
    ]);
  });
});
