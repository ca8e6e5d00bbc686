import { testConversation } from "../../helpers/test-conversation.js";
import nock from "nock";
import { createInFlightRuns } from "../../../src/conversation/in-flight-runs.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import type { ThreadComments } from "../../../src/conversation/thread-comments.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { holdReplies } from "../../helpers/held-reply.js";
import { questionJob } from "../../helpers/question-job.js";
import {
  restIssueThread,
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
} from "../../helpers/rest-issue-thread.js";
import { restHeaders } from "../../helpers/nock-github.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const ISSUE = `/repos/${THREAD_OWNER}/${THREAD_REPO}/issues/${THREAD_ISSUE}`;

describe("runQuestion when GitHub hangs on the issue thread", () => {
  afterEach(() => nock.cleanAll());

  it("stops the read at wall_time_seconds and says the time limit was reached, not that GitHub failed", async () => {
    const clock = createFakeClock();
    const thread = restIssueThread({}, []);
    const held = holdReplies(thread.issue);
    const posted: string[] = [];
    const github = nock("https://api.github.com")
      .post(
        `${ISSUE}/comments`,
        (body: { body: string }) => posted.push(body.body) > 0,
      )
      .reply(201, { id: 7 }, restHeaders())
      .get(ISSUE)
      .reply(200, held.reply, restHeaders())
      .patch(
        `/repos/${THREAD_OWNER}/${THREAD_REPO}/issues/comments/7`,
        (body: { body: string }) => posted.push(body.body) > 0,
      )
      .reply(200, { id: 7 }, restHeaders());
    const comments: ThreadComments = createIssueComments(createTestOctokit(), {
      owner: THREAD_OWNER,
      repo: THREAD_REPO,
      issueNumber: THREAD_ISSUE,
    });
    const log = { info: () => {}, warn: () => {}, error: () => {} };

    const running = runQuestion(
      questionJob({ owner: THREAD_OWNER, repo: THREAD_REPO }),
      {
        clientsFor: async (job) => ({
          conversation: testConversation(job, comments),
          codeHost: memoryCodeHost(SHA, { "src/a.ts": "export {};\n" }),
        }),
        missions: [],
        operator: {
          model: "gpt-4o",
          contextWindow: 128_000,
          snapshotMaxBytes: 1_000_000,
        },
        modelFor: () => undefined,
        tokenCounterFor: (model) => createTokenCounter({ model }),
        clock,
        log,
        inFlight: createInFlightRuns(log, { clock }),
      },
    );
    await held.arrived(1);
    clock.advance(180_000);
    const outcome = await running;
    held.release();

    expect(outcome).toStrictEqual({ kind: "failed", reason: "time-limit" });
    expect(posted.at(-1)).toContain(
      "The run reached its time limit of 3 minutes before the answer was ready.",
    );
    expect(github.pendingMocks()).toStrictEqual([]);
  });
});
