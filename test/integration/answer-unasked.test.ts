import nock from "nock";
import { Registry } from "prom-client";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  nockDiscussionMention,
  nockGraphql,
  type GraphqlSent,
} from "../helpers/graphql-discussion.js";
import {
  MODEL_ENV,
  nockAppAuth,
  nockConfig,
  nockModel,
  nockNoConfig,
  nockRepository,
  permalinks,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const REPO_PATH = "/repos/Codertocat/Hello-World";

// The example's new issue (#1, labelled `bug`, by its owner), as the App
// receives it: the example is a repository webhook's, without `installation`.
function openedIssue() {
  const payload = webhookPayload("issues.opened");
  payload.installation = webhookPayload("issue_comment.created").installation; // changed
  return payload;
}

// The new issue asking what the harness's repository answers: it names a
// function the code defines.
function answerableIssue() {
  const payload = openedIssue();
  payload.issue.title = "When does should_give_up stop the upload retries?"; // changed
  payload.issue.body = "The retry logic in upload gives up too early for us."; // changed
  return payload;
}

// The same issue asking nothing the code holds a word of.
function unanswerableIssue() {
  const payload = openedIssue();
  payload.issue.title = "Happy holidays"; // changed
  payload.issue.body = "Wishing everyone a restful winter break!"; // changed
  return payload;
}

// A threshold a sensible gate clears for a question naming the code's own
// function, and none reaches for a question with no word of the code.
const ISSUES_ALL = "unasked:\n  issues: all\n  min_confidence: 0.05\n";

describe("a new issue nobody mentioned askcode in", () => {
  it("`issues: all`: answered when retrieval is sure, its first line saying nobody asked", async () => {
    const auth = nockAppAuth();
    nockConfig(ISSUES_ALL);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const registry = new Registry();
    const { probot, idle } = await startAskcode({}, { metrics: registry });

    await probot.receive({
      id: "delivery-unasked-1",
      name: "issues",
      payload: answerableIssue(),
    });
    await idle();

    expect(github.reactions).toStrictEqual([
      `${REPO_PATH}/issues/1/reactions eyes`,
    ]);
    const answer = github.edits.at(-1)!;
    const [marker, firstLine] = answer.split("\n");
    expect(marker).toBe("<!-- askcode:unasked -->");
    expect(firstLine).toMatch(
      /^_Nobody asked me, but this looks answerable from the code \(confidence \d\.\d\d\)\. Ask `@askcode \/deeper` for more, or `@askcode \/dismiss` to hide this; maintainers turn this off with `unasked:` in `\.github\/askcode\.yml`\._$/,
    );
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(
      await metricSamples(registry, "askcode_unasked_total"),
    ).toStrictEqual(['askcode_unasked_total{verdict="answered"} 1']);
    auth.persist(false);
    nock.cleanAll();
  });

  it("stays silent below the threshold: no 👀, no comment, no model call, and the label the repository names", async () => {
    const auth = nockAppAuth();
    nockConfig(`${ISSUES_ALL}  silent_label: needs-triage\n`);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const labelled: unknown[] = [];
    const labels = nock("https://api.github.com")
      .post(`${REPO_PATH}/issues/1/labels`)
      .reply(200, (_uri, body) => {
        labelled.push(body);
        return [{ id: 1, name: "needs-triage" }];
      });
    const llm = nockModel();
    const registry = new Registry();
    const { probot, idle } = await startAskcode(MODEL_ENV, {
      metrics: registry,
    });

    await probot.receive({
      id: "delivery-unasked-silent",
      name: "issues",
      payload: unanswerableIssue(),
    });
    await idle();

    expect(labelled).toStrictEqual([{ labels: ["needs-triage"] }]);
    expect(labels.isDone()).toBe(true);
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    expect(github.edits).toStrictEqual([]);
    expect(llm.isDone()).toBe(false);
    expect(
      await metricSamples(registry, "askcode_unasked_total"),
    ).toStrictEqual(['askcode_unasked_total{verdict="silent"} 1']);
    auth.persist(false);
    nock.cleanAll();
  });

  it("stays silent without a label when the repository names none", async () => {
    const auth = nockAppAuth();
    nockConfig(ISSUES_ALL);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const labels = nock("https://api.github.com")
      .post(`${REPO_PATH}/issues/1/labels`)
      .reply(200, []);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-unasked-silent-unlabelled",
      name: "issues",
      payload: unanswerableIssue(),
    });
    await idle();

    expect(labels.isDone()).toBe(false);
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    auth.persist(false);
    nock.cleanAll();
  });

  it("by default (`unasked: none`) reads no code and says nothing", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const registry = new Registry();
    const { probot, idle } = await startAskcode({}, { metrics: registry });

    await probot.receive({
      id: "delivery-unasked-default",
      name: "issues",
      payload: answerableIssue(),
    });
    await idle();

    expect(github.codeload.isDone()).toBe(false);
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    expect(
      await metricSamples(registry, "askcode_webhooks_ignored_total"),
    ).toStrictEqual(['askcode_webhooks_ignored_total{reason="no-mention"} 1']);
    auth.persist(false);
    nock.cleanAll();
  });

  it("answers once: not an edit of the issue, nor a redelivery of its opening", async () => {
    const auth = nockAppAuth();
    nockConfig(ISSUES_ALL);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const { probot, idle } = await startAskcode();

    const opened = answerableIssue();
    await probot.receive({
      id: "delivery-unasked-a",
      name: "issues",
      payload: opened,
    });
    await probot.receive({
      id: "delivery-unasked-b",
      name: "issues",
      payload: opened,
    });
    const edited = answerableIssue();
    edited.action = "edited"; // changed: the author edits the issue later
    edited.changes = { body: { from: "The retry logic gives up." } }; // changed
    await probot.receive({
      id: "delivery-unasked-c",
      name: "issues",
      payload: edited,
    });
    await idle();

    expect(github.reactions).toHaveLength(1);
    expect(github.posted).toHaveLength(1);
    auth.persist(false);
    nock.cleanAll();
  });

  it("never answers a bot's issue", async () => {
    const auth = nockAppAuth();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const { probot, idle } = await startAskcode();

    const payload = answerableIssue();
    payload.sender.login = "renovate[bot]"; // changed: a bot opened it
    payload.sender.type = "Bot"; // changed
    payload.issue.user.login = "renovate[bot]"; // changed
    payload.issue.user.type = "Bot"; // changed
    await probot.receive({
      id: "delivery-unasked-bot",
      name: "issues",
      payload,
    });
    await idle();

    expect(github.codeload.isDone()).toBe(false);
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    auth.persist(false);
    nock.cleanAll();
  });

  it("holds an outsider's issue to `outsiders`: none says nothing, retrieval answers without the model", async () => {
    const auth = nockAppAuth();
    nockConfig(`${ISSUES_ALL}outsiders: none\n`);
    const silent = await nockRepository(UPLOAD_REPOSITORY);
    const { probot, idle } = await startAskcode();
    const outsiders = answerableIssue();
    outsiders.issue.author_association = "NONE"; // changed: an outsider opened it
    await probot.receive({
      id: "delivery-unasked-outsider-1",
      name: "issues",
      payload: outsiders,
    });
    await idle();
    expect(silent.codeload.isDone()).toBe(false);
    expect(silent.reactions).toStrictEqual([]);
    nock.cleanAll();

    nockAppAuth();
    nockConfig(`${ISSUES_ALL}outsiders: retrieval\n`);
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const llm = nockModel();
    const withModel = await startAskcode(MODEL_ENV);
    await withModel.probot.receive({
      id: "delivery-unasked-outsider-2",
      name: "issues",
      payload: outsiders,
    });
    await withModel.idle();

    const answer = github.edits.at(-1)!;
    expect(answer).toContain("_Nobody asked me");
    expect(answer).toContain(
      "This repository answers people outside it from a search of the code alone.",
    );
    expect(llm.isDone()).toBe(false);
    auth.persist(false);
    nock.cleanAll();
  });
});

// The example's new discussion (#4, in General, slug `general`), asking
// without a mention what the harness's repository answers.
const DISCUSSION_QUESTION = "When does should_give_up stop the upload retries?";
function newDiscussion() {
  const payload = webhookPayload("discussion.created.mention");
  payload.discussion.body = DISCUSSION_QUESTION; // changed: no mention
  return payload;
}

describe("a new discussion nobody mentioned askcode in", () => {
  it("in a category `unasked.discussions` names: answered with a top-level comment", async () => {
    const auth = nockAppAuth();
    nockConfig("unasked:\n  discussions: [general]\n  min_confidence: 0.05\n");
    await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussionMention(undefined, {
      question: DISCUSSION_QUESTION,
      replyId: 550099,
    });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-unasked-discussion",
      name: "discussion",
      payload: newDiscussion(),
    });
    await idle();

    expect(discussion.of("AddReaction")).toStrictEqual([
      { subjectId: "MDEwOkRpc2N1c3Npb24zMjk5NjE0" },
    ]);
    const answer = discussion.of("UpdateDiscussionComment").at(-1)!
      .body as string;
    expect(answer).toMatch(/^<!-- askcode:unasked -->\n_Nobody asked me/);
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    auth.persist(false);
    nock.cleanAll();
  });

  it("in another category: nothing read, nothing sent", async () => {
    const auth = nockAppAuth();
    nockConfig("unasked:\n  discussions: [Q&A]\n  min_confidence: 0.05\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussionMention(undefined, {
      question: DISCUSSION_QUESTION,
      replyId: 550099,
    });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-unasked-discussion-elsewhere",
      name: "discussion",
      payload: newDiscussion(),
    });
    await idle();

    expect(discussion.sent).toStrictEqual([]);
    expect(github.codeload.isDone()).toBe(false);
    auth.persist(false);
    nock.cleanAll();
  });
});

// The example's comment on issue #1, asking askcode to hide its unasked answer.
function dismissal(by: "the issue's author" | "a stranger") {
  const payload = webhookPayload("issue_comment.created");
  payload.comment.body = "@askcode /dismiss"; // changed
  // changed: neither is one of the repository's people.
  payload.comment.author_association = "NONE";
  payload.issue.author_association = "NONE";
  if (by === "a stranger") {
    payload.sender.login = "stranger"; // changed
    payload.comment.user.login = "stranger"; // changed
  }
  return payload;
}

// Issue #1's comments as GraphQL gives them: askcode's unasked answer, a
// person's comment that quotes its marker, and an answer of askcode's that
// was asked for.
const UNASKED_ANSWER = "IC_kwDOCyGRiM5unasked";
const THREAD = {
  data: {
    repository: {
      issueOrPullRequest: {
        comments: {
          nodes: [
            {
              id: UNASKED_ANSWER,
              body: "<!-- askcode:unasked -->\n_Nobody asked me, but …_",
              viewerDidAuthor: true,
              isMinimized: false,
            },
            {
              id: "IC_kwDOCyGRiM5quoted",
              body: "> <!-- askcode:unasked -->\nNot helpful.",
              viewerDidAuthor: false,
              isMinimized: false,
            },
            {
              id: "IC_kwDOCyGRiM5asked",
              body: "It gives up in `should_give_up`.",
              viewerDidAuthor: true,
              isMinimized: false,
            },
          ],
        },
      },
    },
  },
};

describe("`/dismiss`", () => {
  it("by the issue's author: minimises askcode's unasked answer as off-topic and reacts 👍, with no comment", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const sent: GraphqlSent[] = [];
    const api = nock("https://api.github.com");
    nockGraphql(api, "UnaskedAnswers", THREAD, sent);
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
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-dismiss-author",
      name: "issue_comment",
      payload: dismissal("the issue's author"),
    });
    await idle();

    expect(sent).toStrictEqual([
      {
        operation: "UnaskedAnswers",
        variables: { owner: "Codertocat", repo: "Hello-World", number: 1 },
      },
      {
        operation: "MinimizeComment",
        variables: { subjectId: UNASKED_ANSWER },
      },
    ]);
    expect(github.reactions).toStrictEqual([
      `${REPO_PATH}/issues/comments/492700400/reactions +1`,
    ]);
    expect(github.posted).toStrictEqual([]);
    expect(github.codeload.isDone()).toBe(false);
    auth.persist(false);
    nock.cleanAll();
  });

  it("by anyone else: a one-line refusal, nothing hidden", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const sent: GraphqlSent[] = [];
    nockGraphql(nock("https://api.github.com"), "MinimizeComment", {}, sent);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-dismiss-stranger",
      name: "issue_comment",
      payload: dismissal("a stranger"),
    });
    await idle();

    expect(github.posted).toStrictEqual([
      "Only the issue's author or the repository's owners, members and collaborators can dismiss askcode's answer.",
    ]);
    expect(sent).toStrictEqual([]);
    expect(github.reactions).toStrictEqual([]);
    auth.persist(false);
    nock.cleanAll();
  });
});
