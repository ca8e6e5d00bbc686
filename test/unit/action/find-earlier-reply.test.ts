import { describe, expect, it } from "@jest/globals";
import { findEarlierReply } from "../../../src/action/find-earlier-reply.js";
import { withReplyMarker } from "../../../src/action/reply-marker.js";
import { renderFailureComment } from "../../../src/answer/render-failure-comment.js";
import { renderInterruptedComment } from "../../../src/answer/render-interrupted-comment.js";
import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";
import { questionJob } from "../../helpers/question-job.js";
import {
  nockIssueThread,
  restIssueThread,
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
  type ThreadComment,
} from "../../helpers/rest-issue-thread.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const TRIGGER = "comment:492700400";
const BOT = "github-actions[bot]";
const QUESTION = questionJob({
  owner: THREAD_OWNER,
  repo: THREAD_REPO,
  issueNumber: THREAD_ISSUE,
  triggerId: TRIGGER,
  // The asking comment is not among those listed below.
  reactTo: { kind: "comment", commentId: 1 },
});
// The example's first comment id: comment i of the thread has this plus i.
const FIRST_ID = 492700400;

const mine = (body: string, trigger = TRIGGER): ThreadComment => ({
  login: BOT,
  association: "NONE",
  body: withReplyMarker(body, trigger),
});
const asker: ThreadComment = {
  login: "Codertocat",
  association: "OWNER",
  body: "@askcode where does the retry logic decide to give up?",
};
const interrupted = renderInterruptedComment(
  {
    kind: "question",
    question: "where does the retry logic decide to give up?",
  },
  "askcode",
);
const progress = renderProgressComment([{ kind: "searching" }]);

async function earlier(comments: readonly ThreadComment[]) {
  const scope = nockIssueThread(restIssueThread({}, comments));
  const found = await findEarlierReply(
    createTestOctokit(),
    QUESTION,
    "github-actions",
  );
  expect(scope.isDone()).toBe(true);
  return found;
}

describe("findEarlierReply", () => {
  it("finds none in a thread without the trigger's marker (another trigger's reply, another author's copy)", async () => {
    expect(
      await earlier([
        asker,
        mine("An answer to another question.", "comment:1"),
        { ...mine(progress), login: "someone" },
      ]),
    ).toStrictEqual({ kind: "none" });
  });

  it("finds the interrupted notice a cancelled run left unfinished, with its id to answer in", async () => {
    expect(await earlier([asker, mine(interrupted)])).toStrictEqual({
      kind: "unfinished",
      commentId: FIRST_ID + 1,
    });
  });

  it("finds a notice in the wording of earlier versions, which named only the app", async () => {
    const older =
      "askcode was stopped (the app restarted or shut down) before it could answer this question.\n\nNothing was lost on your side.";
    expect(await earlier([asker, mine(older)])).toStrictEqual({
      kind: "unfinished",
      commentId: FIRST_ID + 1,
    });
  });

  it("finds the progress checklist a killed run left unfinished", async () => {
    expect(await earlier([asker, mine(progress)])).toStrictEqual({
      kind: "unfinished",
      commentId: FIRST_ID + 1,
    });
  });

  it("finds a notice that says why there is no answer final, as an answer is", async () => {
    const failure = await renderFailureComment(
      { kind: "model-rate-limited", retryAfterSeconds: 60 },
      { handle: "askcode" },
    );
    expect(await earlier([asker, mine(failure)])).toStrictEqual({
      kind: "final",
    });
    expect(
      await earlier([asker, mine(interrupted), mine("It gives up after 3.")]),
    ).toStrictEqual({ kind: "final" });
  });
});
