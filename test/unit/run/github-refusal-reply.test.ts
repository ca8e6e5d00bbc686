import { testConversation } from "../../helpers/test-conversation.js";
import { Octokit } from "@octokit/rest";
import nock from "nock";
import { createPullRequests } from "../../../src/conversation/pull-requests.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { githubFixture, restHeaders } from "../../helpers/nock-github.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";

const API = "https://api.github.com";
const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A question asked on pull request #1347, answered with GitHub's real
 * pull-request client against nock-served GitHub: the reply it leaves.
 */
async function askOnPullRequest(status: 403 | 404, body: object) {
  const api = nock(API)
    .get("/repos/octo-org/hello-world/pulls/1347")
    .reply(status, body, restHeaders());
  const { comments, bodies } = recordingComments({
    number: 1347,
    title: "Give up sooner",
  });

  const outcome = await runQuestion(
    questionJob({ issueNumber: 1347, onPullRequest: true }),
    retrievalRunDeps({
      clock: createFakeClock(),
      clientsFor: async (job) => ({
        conversation: testConversation(
          job,
          comments,
          createPullRequests(
            new Octokit({ auth: "ghs_testinstallationtoken", log: SILENT }),
            { owner: "octo-org", repo: "hello-world" },
          ),
        ),
        codeHost: memoryCodeHost(SHA),
      }),
    }),
  );
  expect(api.isDone()).toBe(true);
  return { outcome, reply: bodies.at(-1)! };
}

describe("runQuestion when GitHub refuses a read", () => {
  it("says GitHub answered 404 for the pull request, and what to check, not that askcode failed", async () => {
    const { outcome, reply } = await askOnPullRequest(
      404,
      githubFixture<object>("errors/not-found-repository.json"),
    );

    expect(outcome).toStrictEqual({ kind: "failed", reason: "github-refused" });
    expect(reply).toContain(
      "GitHub answered 404 (Not Found) when askcode read this pull request: it was deleted or moved, or the app can no longer see it.",
    );
    expect(reply).toContain("permissions");
    expect(reply).not.toContain("inside askcode");
  });

  it("says GitHub answered 403 when the app may not read the pull request", async () => {
    const { outcome, reply } = await askOnPullRequest(403, {
      message: "Resource not accessible by integration",
      documentation_url:
        "https://docs.github.com/rest/pulls/pulls#get-a-pull-request",
      status: "403",
    });

    expect(outcome).toStrictEqual({ kind: "failed", reason: "github-refused" });
    expect(reply).toContain(
      "GitHub answered 403 (Forbidden) when askcode read this pull request: the app is not allowed to read it.",
    );
    expect(reply).not.toContain("inside askcode");
  });
});
