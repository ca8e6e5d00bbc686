import { testConversation } from "../../helpers/test-conversation.js";
import nock from "nock";
import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import { createInFlightRuns } from "../../../src/conversation/in-flight-runs.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import { questionTooLong } from "../../../src/question/question-too-long.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { restHeaders } from "../../helpers/nock-github.js";
import { questionJob } from "../../helpers/question-job.js";
import {
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
} from "../../helpers/rest-issue-thread.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const LIMIT = { max_question_chars: 100 };

describe("questionTooLong", () => {
  it("counts what a reader sees, in characters, against the limit", () => {
    expect(
      questionTooLong({ kind: "question", question: "a".repeat(100) }, LIMIT),
    ).toBeUndefined();
    expect(
      questionTooLong({ kind: "question", question: "a".repeat(101) }, LIMIT),
    ).toStrictEqual({ kind: "question-too-long", chars: 101, maxChars: 100 });
    // An issue template's HTML comment is not read by anyone: it does not count.
    expect(
      questionTooLong(
        {
          kind: "question",
          question: `<!-- ${"x".repeat(500)} -->\nWhy?`,
        },
        LIMIT,
      ),
    ).toBeUndefined();
    // An emoji is one character to the asker.
    expect(
      questionTooLong({ kind: "question", question: "🙂".repeat(100) }, LIMIT),
    ).toBeUndefined();
  });

  it("leaves missions alone: they read the whole issue", () => {
    expect(
      questionTooLong(
        { kind: "mission", mission: "bug_triage", label: "bug" },
        LIMIT,
      ),
    ).toBeUndefined();
  });
});

describe("runQuestion with a question over the limit", () => {
  afterEach(() => nock.cleanAll());

  it("posts one short reply naming the limit, and reads no code and no thread", async () => {
    const clock = createFakeClock();
    const posted: string[] = [];
    const github = nock("https://api.github.com")
      .post(
        `/repos/${THREAD_OWNER}/${THREAD_REPO}/issues/${THREAD_ISSUE}/comments`,
        (body: { body: string }) => posted.push(body.body) > 0,
      )
      .reply(201, { id: 7 }, restHeaders());
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const read = () => {
      throw new Error("a too-long question must not read the code");
    };
    const outcome = await runQuestion(
      questionJob({
        owner: THREAD_OWNER,
        repo: THREAD_REPO,
        task: { kind: "question", question: "why? ".repeat(500) },
        config: parseRepoConfig({ limits: { max_question_chars: 1000 } })
          .config,
      }),
      {
        clientsFor: async (job) => ({
          conversation: testConversation(
            job,
            createIssueComments(createTestOctokit(), {
              owner: THREAD_OWNER,
              repo: THREAD_REPO,
              issueNumber: THREAD_ISSUE,
            }),
          ),
          codeHost: { label: "unused", resolveRef: read, at: read },
        }),
        missions: [],
        operator: {
          model: "gpt-4o",
          contextWindow: 128_000,
          snapshotMaxBytes: 1_000_000,
        },
        modelFor: () => {
          throw new Error("a too-long question must not reach the model");
        },
        tokenCounterFor: (model) => createTokenCounter({ model }),
        clock,
        log,
        inFlight: createInFlightRuns(log, { clock }),
      },
    );
    expect(outcome).toStrictEqual({
      kind: "failed",
      reason: "question-too-long",
    });
    expect(posted).toStrictEqual([
      [
        "askcode did not start on this question.",
        "",
        "It is 2,499 characters long, and this repository's questions may have up to 1,000 (`limits.max_question_chars` in `.github/askcode.yml`). Please mention `@askcode` again with a shorter question: quote the lines that matter and link to the rest.",
        "",
        "<sub>askcode</sub>",
      ].join("\n"),
    ]);
    expect(github.pendingMocks()).toStrictEqual([]);
  });
});
