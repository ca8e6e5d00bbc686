import { RequestError } from "@octokit/request-error";
import { renderFailureComment } from "../../../src/answer/render-failure-comment.js";
import { classifyFailure } from "../../../src/run/classify-failure.js";
import {
  EmptyRepositoryError,
  GitHubError,
  ModelError,
  RateLimitError,
  RefNotFoundError,
} from "../../../src/shared/errors.js";

const API = "https://api.github.com";

const INTERNAL = [
  "llm.internal.corp",
  ":8000",
  "ghe.internal.corp",
  "10.20.0.7",
  "http",
  "Traceback",
  "/srv/",
  "at ",
];

describe("classifyFailure", () => {
  it.each([
    [
      new ModelError(
        'The model endpoint at http://llm.internal.corp:8000/v1 answered 500 four times; the last answer said "Traceback (most recent call last): File "/srv/vllm/engine.py", line 12". The server is failing.',
      ),
      "model-unavailable",
    ],
    [
      new ModelError(
        'The model endpoint at http://llm.internal.corp:8000/v1 answered 401 once; the last answer said "Invalid key". It rejected the API key: check OPENAI_API_KEY.',
      ),
      "model-rejected",
    ],
    [
      new ModelError(
        "The model endpoint at http://llm.internal.corp:8000/v1 answered 429 four times. It is rate-limiting askcode.",
      ),
      "model-rate-limited",
    ],
    [
      new ModelError(
        'askcode could not connect to the model endpoint at http://llm.internal.corp:8000/v1, twice; the last error was "connect ECONNREFUSED 10.20.0.7:8000".',
      ),
      "model-unavailable",
    ],
    [
      new GitHubError(
        "GET https://ghe.internal.corp/api/v3/repos/o/r/commits/main answered 500: <html>Traceback at /srv/github/app.rb</html>",
        500,
      ),
      "github",
    ],
    [new EmptyRepositoryError(), "github"],
    [
      Object.assign(new Error("ECONNRESET http://10.20.0.7:8000"), {
        stack:
          "Error: ECONNRESET\n    at Socket.<anonymous> (/srv/askcode/node_modules/x.js:1:1)",
      }),
      "internal",
    ],
  ])(
    "says only the kind of %s, and its comment names no host, URL, port, body or stack",
    async (error, kind) => {
      const reason = classifyFailure(error);
      expect(reason).toStrictEqual({ kind });
      const body = await renderFailureComment(reason, { handle: "askcode" });
      for (const leak of INTERNAL) expect(body).not.toContain(leak);
      expect(body).toMatch(
        /^askcode could not finish an answer to this question\.\n/,
      );
    },
  );

  it("names back the ref the asker wrote, and nothing of GitHub's answer", async () => {
    const upstream = new GitHubError(
      "GET https://ghe.internal.corp/api/v3/repos/o/r/commits/v9 answered 422",
      422,
    );
    const reason = classifyFailure(
      new RefNotFoundError("v9.9", { cause: upstream }),
    );
    expect(reason).toStrictEqual({ kind: "ref-not-found", ref: "v9.9" });
    const body = await renderFailureComment(reason, { handle: "askcode" });
    expect(body).toContain("no branch, tag or commit named `v9.9`");
    for (const leak of INTERNAL) expect(body).not.toContain(leak);
  });

  it.each([
    ["GET /repos/o/r/pulls/12", 404, "pull-request"],
    ["GET /repos/o/r/issues/12/comments", 403, "issue"],
    ["GET /repos/o/r/git/trees/abc", 404, "repository"],
  ] as const)(
    "takes GitHub's %s answering %i for GitHub's answer about what was read",
    (route, status, subject) => {
      const [method, path] = route.split(" ");
      const error = new RequestError("Not Found", status, {
        request: { method: method as "GET", url: `${API}${path}`, headers: {} },
        response: { status, url: `${API}${path}`, headers: {}, data: {} },
      });
      expect(classifyFailure(error)).toStrictEqual({
        kind: "github-refused",
        status,
        subject,
      });
      expect(
        classifyFailure(new GitHubError("refused", status, { cause: error })),
      ).toStrictEqual({ kind: "github-refused", status, subject });
    },
  );

  it("keeps a 403 that is a rate limit a passing GitHub failure, not a refusal", () => {
    const limited = new RequestError(
      "You have exceeded a secondary rate limit",
      403,
      {
        request: {
          method: "GET",
          url: `${API}/repos/o/r/pulls/12`,
          headers: {},
        },
        response: {
          status: 403,
          url: `${API}/repos/o/r/pulls/12`,
          headers: { "retry-after": "60" },
          data: {},
        },
      },
    );
    expect(classifyFailure(limited)).toStrictEqual({ kind: "github" });
    expect(
      classifyFailure(new RateLimitError("limited", 403, undefined)),
    ).toStrictEqual({ kind: "github" });
  });
});
