// The Action's step (`actionStep`, what src/action/main.ts runs) in this
// process, for the places a question is asked and the repository's
// controls: the runner's variables and INPUT_* inputs as the runner names
// them, the event in GITHUB_EVENT_PATH (@octokit/webhooks-examples payloads
// without `installation`, as the runner writes them; other changes are
// said where made), GitHub answered by nock at GITHUB_API_URL, and the
// GITHUB_OUTPUT file read back. action-process.test.ts runs the entry as a
// process against a loopback stand-in; these cover what that stand-in does
// not serve (review threads, Discussions' GraphQL) in the same way.
import { afterEach, describe, expect, it } from "@jest/globals";
import nock from "nock";
import {
  actionRunnerEnv,
  readStepOutputs,
} from "../../scripts/action-runner-env.js";
import { actionStep } from "../../src/action/action-step.js";
import { nockDiscussionMention } from "../helpers/graphql-discussion.js";
import { createFakeClock } from "../helpers/fake-clock.js";
import { restPullRequestFile } from "../helpers/rest-pull-request.js";
import { restReviewComments } from "../helpers/rest-review-thread.js";
import { UnpacedProbotOctokit } from "../helpers/unpaced-probot-octokit.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import {
  MODEL_ENV,
  nockConfig,
  nockModel,
  nockNoConfig,
  nockPullRequest,
  nockRepository,
  OWNER,
  permalinks,
  REPO,
  SHA,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const API = `https://api.github.com/repos/${OWNER}/${REPO}`;
const PATH = `/repos/${OWNER}/${REPO}`;
const QUESTION = "@askcode where does the retry logic decide to give up?";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  nock.cleanAll();
});

/**
 * Runs the step on `payload` as the runner would; @actions/core writes the
 * outputs to the GITHUB_OUTPUT this process's environment names.
 */
async function runStep(
  eventName: string,
  payload: { repository: { full_name: string } },
  inputs: Record<string, string> = {},
) {
  const step = actionRunnerEnv({
    dir: tempDirForThisFile("askcode-action-"),
    eventName,
    payload,
    apiUrl: "https://api.github.com",
    inputs: { "github-token": "ghs_workflowToken", ...inputs },
  });
  process.env = { ...saved, ...step.env };
  // Sleeps (the progress comment's pacing) pass at once on this clock.
  // Probot's Octokit for the token without GitHub's write pacing: the test
  // drives askcode's run, not the pacing of writes.
  await actionStep(step.env, {
    Octokit: UnpacedProbotOctokit,
    clock: createFakeClock(),
  });
  return {
    failed: process.exitCode,
    outputs: readStepOutputs(step.outputFile),
  };
}

/** The issue thread the Action reads for its earlier reply, before the 👀: none there. */
function nockNoEarlierReply() {
  return nock("https://api.github.com")
    .get(`${PATH}/issues/1`)
    .reply(200, webhookPayload("issue_comment.created").issue)
    .get(`${PATH}/issues/1/comments`)
    .query(true)
    .reply(200, []);
}

describe("the Action on a review comment on a line", () => {
  const ASKING = 284312630; // the example's review comment
  const REPLY = 284312999;
  const HUNK = [
    "@@ -6,4 +6,5 @@ import time",
    " def should_give_up(attempt, status):",
    "-    if attempt > MAX_ATTEMPTS:",
    "+    if attempt >= MAX_ATTEMPTS:",
  ].join("\n");

  it("answers in the review thread, at the pull request's head, and outputs the reply's link", async () => {
    nockNoConfig();
    nockPullRequest([
      restPullRequestFile("src/upload.py", `${HUNK}\n         return True`),
    ]);
    await nockRepository(UPLOAD_REPOSITORY, undefined, { resolve: SHA });
    const [asking] = restReviewComments([
      { id: ASKING, login: "Codertocat", association: "OWNER", body: QUESTION },
    ]);
    const replies: string[] = [];
    const edits: string[] = [];
    const thread = nock("https://api.github.com")
      .get(`${PATH}/pulls/comments/${ASKING}`)
      .reply(200, asking)
      // The thread is read twice: for an earlier reply of the Action's,
      // then by the run (nockRepository serves the run's issue).
      .get(`${PATH}/issues/1`)
      .reply(200, webhookPayload("issue_comment.created").issue)
      .get(`${PATH}/pulls/1/comments`)
      .query({ per_page: "100", page: "1" })
      .times(2)
      .reply(200, [asking])
      .post(`${PATH}/pulls/1/comments/${ASKING}/replies`)
      .reply(201, (_uri, body) => {
        replies.push((body as { body: string }).body);
        return { ...asking, id: REPLY, in_reply_to_id: ASKING };
      })
      .patch(`${PATH}/pulls/comments/${REPLY}`)
      .times(10)
      .reply(200, (_uri, body) => {
        edits.push((body as { body: string }).body);
        return { ...asking, id: REPLY, in_reply_to_id: ASKING };
      });
    const payload = webhookPayload("pull_request_review_comment.created");
    payload.pull_request.number = 1; // changed: the harness serves pull request #1
    Object.assign(payload.comment, {
      // changed: a question on a line of the harness's repository
      body: QUESTION,
      path: "src/upload.py",
      diff_hunk: HUNK,
      line: 8,
      original_line: 8,
      side: "RIGHT",
    });

    const step = await runStep("pull_request_review_comment", payload);

    expect(step.failed).toBeUndefined();
    expect(replies).toHaveLength(1);
    const answer = edits.at(-1)!;
    expect(
      answer.startsWith(`<!-- askcode:reply-to review-comment:${ASKING} -->\n`),
    ).toBe(true);
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/pull/1#discussion_r${REPLY}`,
    );
    expect(step.outputs["context-report"]).toContain("src/upload.py");
    // Every read was made (the earlier-reply check's too); edits left to spare.
    expect(thread.pendingMocks()).toStrictEqual([
      `PATCH ${API.replace("https://api.github.com", "https://api.github.com:443")}/pulls/comments/${REPLY}`,
    ]);
  });
});

describe("the Action on a comment in a Discussion", () => {
  const ASKING = 550062;
  const ASKING_NODE = "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy";
  const REPLY = 550099;

  it("replies in the comment's thread through GraphQL, edited into the answer", async () => {
    nockNoConfig();
    await nockRepository(UPLOAD_REPOSITORY);
    // The thread is read twice: for an earlier reply of the Action's, then by the run.
    const { of } = nockDiscussionMention(
      { databaseId: ASKING, nodeId: ASKING_NODE },
      { question: QUESTION, replyId: REPLY, threadReads: 2 },
    );
    const payload = webhookPayload("discussion_comment.created.mention");
    payload.comment.body = QUESTION; // changed: a question the harness's repository answers

    const step = await runStep("discussion_comment", payload);

    expect(step.failed).toBeUndefined();
    expect(of("AddReaction")).toStrictEqual([{ subjectId: ASKING_NODE }]);
    expect(of("AddDiscussionComment")).toHaveLength(1);
    expect(of("AddDiscussionComment")[0]).toMatchObject({
      replyToId: ASKING_NODE,
    });
    const answer = String(of("UpdateDiscussionComment").at(-1)!.body);
    expect(
      answer.startsWith(
        `<!-- askcode:reply-to discussion-comment:${ASKING} -->\n`,
      ),
    ).toBe(true);
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/discussions/${payload.discussion.number}#discussioncomment-${REPLY}`,
    );
    // The thread was read twice: for an earlier reply, then by the run.
    expect(of("DiscussionThread")).toHaveLength(2);
  });
});

describe("the Action on a label a mission claims", () => {
  it("runs the mission on the labelled issue: 👀 on the issue, one comment edited into the answer", async () => {
    nockNoConfig();
    const files = {
      "README.md": "# Hello-World\n",
      "spelling.py":
        "def check_spelling(text):\n    return 'commmit' not in text\n",
    };
    const github = await nockRepository(files);
    const earlier = nockNoEarlierReply();

    const step = await runStep(
      "issues",
      webhookPayload("issues.labeled.triage"),
    );

    expect(step.failed).toBeUndefined();
    expect(github.reactions).toStrictEqual([`${PATH}/issues/1/reactions eyes`]);
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^<!-- askcode:reply-to issue:\d+:mission:bug_triage:[^\n]* -->\n/,
    );
    // The issue ("Spelling error in the README file") is the question.
    expect(permalinks(answer).map((l) => l.path)).toContain("spelling.py");
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/issues/1#issuecomment-4242`,
    );
    expect(earlier.pendingMocks()).toStrictEqual([]);
  });
});

describe("the Action when the thread cannot be read for an earlier reply", () => {
  it("answers all the same: a question is never left without its reply", async () => {
    // Registered first, so served first: the question is still asked (the
    // issue), then the earlier-reply check's read of the comments fails.
    const failing = nock("https://api.github.com")
      .get(`${PATH}/issues/1`)
      .reply(200, webhookPayload("issue_comment.created").issue)
      .get(`${PATH}/issues/1/comments`)
      .query(true)
      .reply(502, { message: "Server Error" });
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);

    const step = await runStep(
      "issue_comment",
      webhookPayload("issue_comment.created.mention"),
    );

    expect(step.failed).toBeUndefined();
    expect(failing.pendingMocks()).toStrictEqual([]);
    expect(github.posted).toHaveLength(1);
    expect(permalinks(github.edits.at(-1)!).map((l) => l.path)).toContain(
      "src/upload.py",
    );
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/issues/1#issuecomment-4242`,
    );
  });
});

describe("the Action under `outsiders: retrieval`", () => {
  it("answers an outsider's mention from the search alone, though a model key is given", async () => {
    nockConfig("outsiders: retrieval\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    nockNoEarlierReply();
    // A model is configured, and must not be asked.
    const llm = nockModel();
    const payload = webhookPayload("issue_comment.created.mention");
    payload.comment.author_association = "NONE"; // changed: someone outside the repository asks

    const step = await runStep("issue_comment", payload, {
      "model-api-key": MODEL_ENV.OPENAI_API_KEY,
      "model-base-url": MODEL_ENV.OPENAI_BASE_URL,
    });

    expect(step.failed).toBeUndefined();
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^<!-- askcode:reply-to comment:492700400 -->\nThis repository answers people outside it from a search of the code alone\./,
    );
    expect(answer).toContain("retrieval only, no model");
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/issues/1#issuecomment-4242`,
    );
    expect(llm.isDone()).toBe(false);
  });
});
