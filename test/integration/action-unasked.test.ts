// The Action's step (`actionStep`, what src/action/main.ts runs) on a new
// issue nobody mentioned askcode in, as action-places.test.ts runs it: the
// runner's variables and inputs, the event in GITHUB_EVENT_PATH (the
// @octokit/webhooks-examples payload, changed where said), GitHub answered
// by nock, the GITHUB_OUTPUT file read back.
import { afterEach, describe, expect, it } from "@jest/globals";
import nock from "nock";
import {
  actionRunnerEnv,
  readStepOutputs,
} from "../../scripts/action-runner-env.js";
import { actionStep } from "../../src/action/action-step.js";
import { createFakeClock } from "../helpers/fake-clock.js";
import { UnpacedProbotOctokit } from "../helpers/unpaced-probot-octokit.js";
import { tempDirForThisFile } from "../helpers/temp-dirs-of-this-file.js";
import {
  nockGraphql,
  type GraphqlSent,
} from "../helpers/graphql-discussion.js";
import {
  nockConfig,
  nockNoConfig,
  nockRepository,
  OWNER,
  permalinks,
  REPO,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const PATH = `/repos/${OWNER}/${REPO}`;
// As answer-unasked.test.ts: a threshold any sensible gate clears for a
// question naming the code's own function, and none for one with no word of it.
const ISSUES_ALL = "unasked:\n  issues: all\n  min_confidence: 0.05\n";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  process.exitCode = undefined;
  nock.cleanAll();
});

async function runStep(
  payload: { repository: { full_name: string } },
  eventName = "issues",
) {
  const step = actionRunnerEnv({
    dir: tempDirForThisFile("askcode-action-"),
    eventName,
    payload,
    apiUrl: "https://api.github.com",
    inputs: { "github-token": "ghs_workflowToken" },
  });
  process.env = { ...saved, ...step.env };
  await actionStep(step.env, {
    Octokit: UnpacedProbotOctokit,
    clock: createFakeClock(),
  });
  return {
    failed: process.exitCode,
    outputs: readStepOutputs(step.outputFile),
  };
}

// The example's new issue (#1), asking what the harness's repository answers.
function newIssue(title: string, body: string) {
  const payload = webhookPayload("issues.opened");
  payload.issue.title = title; // changed
  payload.issue.body = body; // changed
  return payload;
}

describe("the Action on a new issue nobody mentioned askcode in", () => {
  it("`issues: all`: answers when retrieval is sure, under its reply marker and the unasked line", async () => {
    nockConfig(ISSUES_ALL);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    // The thread, read for an earlier reply of the Action's: none.
    const earlier = nock("https://api.github.com")
      .get(`${PATH}/issues/1`)
      .reply(200, webhookPayload("issues.opened").issue)
      .get(`${PATH}/issues/1/comments`)
      .query(true)
      .reply(200, []);

    const step = await runStep(
      newIssue(
        "When does should_give_up stop the upload retries?",
        "The retry logic in upload gives up too early for us.",
      ),
    );

    expect(step.failed).toBeUndefined();
    expect(github.reactions).toStrictEqual([`${PATH}/issues/1/reactions eyes`]);
    const answer = github.edits.at(-1)!;
    expect(answer).toMatch(
      /^<!-- askcode:reply-to issue:444500041:opened -->\n<!-- askcode:unasked -->\n_Nobody asked me, but this looks answerable from the code \(confidence \d\.\d\d\)\./,
    );
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(step.outputs["answer-url"]).toBe(
      `https://github.com/${OWNER}/${REPO}/issues/1#issuecomment-4242`,
    );
    expect(earlier.pendingMocks()).toStrictEqual([]);
  });

  it("stays silent when retrieval is not sure: no 👀, no comment, no answer-url", async () => {
    nockConfig(ISSUES_ALL);
    const github = await nockRepository(UPLOAD_REPOSITORY);

    const step = await runStep(
      newIssue("Happy holidays", "Wishing everyone a restful winter break!"),
    );

    expect(step.failed).toBeUndefined();
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    expect(step.outputs["answer-url"] ?? "").toBe("");
  });
});

describe("the Action on `/dismiss`", () => {
  it("from the issue's author: minimises the workflow's unasked answer as off-topic and reacts 👍", async () => {
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const sent: GraphqlSent[] = [];
    const api = nock("https://api.github.com");
    // Issue #1's comments: the unasked answer this workflow's token wrote.
    nockGraphql(
      api,
      "UnaskedAnswers",
      {
        data: {
          repository: {
            issueOrPullRequest: {
              comments: {
                nodes: [
                  {
                    id: "IC_kwDOCyGRiM5unasked",
                    body: "<!-- askcode:reply-to issue:444500041:opened -->\n<!-- askcode:unasked -->\n_Nobody asked me, but …_",
                    viewerDidAuthor: true,
                    isMinimized: false,
                  },
                ],
              },
            },
          },
        },
      },
      sent,
    );
    nockGraphql(
      api,
      "MinimizeComment",
      {
        data: {
          minimizeComment: {
            minimizedComment: {
              isMinimized: true,
              minimizedReason: "off-topic",
            },
          },
        },
      },
      sent,
    );
    const payload = webhookPayload("issue_comment.created");
    payload.comment.body = "@askcode /dismiss"; // changed

    const step = await runStep(payload, "issue_comment");

    expect(step.failed).toBeUndefined();
    expect(sent.map((s) => s.operation)).toStrictEqual([
      "UnaskedAnswers",
      "MinimizeComment",
    ]);
    expect(sent[1]!.variables).toStrictEqual({
      subjectId: "IC_kwDOCyGRiM5unasked",
    });
    expect(github.reactions).toStrictEqual([
      `${PATH}/issues/comments/492700400/reactions +1`,
    ]);
    expect(github.posted).toStrictEqual([]);
  });
});
