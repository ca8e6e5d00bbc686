import { buildFirstMessage } from "../../../src/agent/build-first-message.js";
import { renderIssueThread } from "../../../src/agent/render-issue-thread.js";
import { permalink } from "../../../src/shared/permalink.js";
import { renderAnswerComment } from "../../../src/answer/render-answer-comment.js";
import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";
import { createIssueComments } from "../../../src/conversation/issue-comments.js";
import {
  nockIssueThread,
  restIssueThread,
  THREAD_ISSUE,
  THREAD_OWNER,
  THREAD_REPO,
} from "../../helpers/rest-issue-thread.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";
import { tokenCounter } from "../tools/code-tools-fixture.js";

const SHA = "9fceb02d0ae598e95dc970b74767f19372d61af8";
const REPOSITORY = { owner: THREAD_OWNER, repo: THREAD_REPO, sha: SHA };
const SPELL_LINK = permalink({
  ...REPOSITORY,
  path: "lib/spell.js",
  startLine: 12,
  endLine: 30,
});
const EARLIER =
  "Spelling is checked by `checkWords`, which reads the word list " +
  `([lib/spell.js](${SPELL_LINK})) once at start-up.`;

async function earlierAnswer(): Promise<string> {
  const { body } = await renderAnswerComment({
    answer: EARLIER,
    repository: REPOSITORY,
    context: [{ path: "lib/words.txt", ranges: [[1, 40]], tokens: 300 }],
    model: "gpt-4o",
    tokensUsed: 3_210,
  });
  return body;
}

const comments = () =>
  createIssueComments(
    createTestOctokit(),
    { owner: THREAD_OWNER, repo: THREAD_REPO, issueNumber: THREAD_ISSUE },
    { appSlug: "askcode" },
  );

describe("a follow-up question", () => {
  it("shows the model askcode's earlier answer and the places it cited", async () => {
    nockIssueThread(
      restIssueThread({}, [
        {
          login: "newcomer",
          association: "NONE",
          body: "@askcode where is the spelling checked?",
        },
        {
          login: "askcode[bot]",
          association: "NONE",
          body: await earlierAnswer(),
        },
        {
          login: "newcomer",
          association: "NONE",
          body: "@askcode and where is that word list loaded from?",
        },
        // This run's own progress comment, posted before the thread is read.
        {
          login: "askcode[bot]",
          association: "NONE",
          body: renderProgressComment([{ kind: "searching" }]),
        },
      ]),
    );
    const thread = await comments().thread(492700402);
    const first = buildFirstMessage({
      question: "and where is that word list loaded from?",
      issue: thread,
      budget: 6_000,
      tokenCounter,
    });
    expect(first.text).toContain(
      `<data from="askcode's earlier answer (@askcode[bot]) on 2019-05-15">\n${EARLIER}\n\nPlaces this answer cited:\n- lib/spell.js:12-30 @ 9fceb02\n</data>`,
    );
    // The progress notice and the answer's context list say nothing about the code.
    expect(first.text).not.toContain("Searching the code");
    expect(first.text).not.toContain("Context used");
    expect(first.report.issue).toMatchObject({
      commentsShown: 2,
      commentsOmitted: 0,
    });
  });

  it("shows another bot's comment as a comment, not as askcode's answer", async () => {
    nockIssueThread(
      restIssueThread({}, [
        {
          login: "helper[bot]",
          association: "NONE",
          body: await earlierAnswer(),
        },
      ]),
    );
    const thread = await comments().thread();
    expect(thread.comments[0]?.askcodeAnswer).toBeUndefined();
    const text = renderIssueThread(thread, 3_000, tokenCounter).text;
    expect(text).toContain('<data from="comment by @helper[bot] (NONE');
    expect(text).not.toContain("askcode's earlier answer");
  });
});

describe("a long thread", () => {
  const answer = {
    author: "askcode[bot]",
    association: "NONE",
    body: "(the comment as posted)",
    createdAt: "2024-05-02T10:00:00Z",
    askcodeAnswer: {
      text: "Retries stop after five attempts.",
      cited: ["src/retry.ts:9 @ 9fceb02"],
    },
  };
  const chatter = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      author: `user${from + i}`,
      association: "NONE",
      body: `Comment number ${from + i}: ${"more words about retries ".repeat(12)}`,
      createdAt: "2024-05-03T10:00:00Z",
    }));

  it("cuts the oldest comments first and keeps the title and askcode's last answer", () => {
    const issue = {
      title: "Retries never stop",
      body: "We see endless retries on 503.",
      author: { login: "alice", association: "NONE" },
      comments: [...chatter(0, 5), answer, ...chatter(5, 40)],
    };
    const rendered = renderIssueThread(issue, 1_200, tokenCounter);
    expect(rendered.tokens).toBeLessThanOrEqual(1_200);
    expect(rendered.text).toContain("Retries never stop");
    expect(rendered.text).toContain(
      "Retries stop after five attempts.\n\nPlaces this answer cited:\n- src/retry.ts:9 @ 9fceb02",
    );
    // The newest comments are shown, the oldest are not.
    expect(rendered.text).toContain("Comment number 44:");
    expect(rendered.text).not.toContain("Comment number 0:");
    expect(rendered.text).not.toContain("Comment number 5:");
    expect(rendered.commentsShown).toBeGreaterThan(1);
    expect(rendered.commentsOmitted).toBe(46 - rendered.commentsShown);
    // Said where comments were cut, oldest first, and in the answer's order.
    const answerAt = rendered.text.indexOf("askcode's earlier answer");
    expect(
      rendered.text.indexOf("(5 earlier comments are not shown"),
    ).toBeLessThan(answerAt);
    expect(
      rendered.text.indexOf("comments are not shown here, to fit the budget."),
    ).toBeGreaterThan(answerAt);
  });

  it("keeps askcode's last answer even beyond the newest comments the repository allows", () => {
    const issue = {
      title: "Retries never stop",
      body: "Body.",
      comments: [answer, ...chatter(0, 10)],
    };
    const rendered = renderIssueThread(issue, 4_000, tokenCounter, {
      maxComments: 3,
    });
    expect(rendered.text).toContain("Retries stop after five attempts.");
    expect(rendered.text).toContain(
      "(7 earlier comments are left out: the thread is cut to its newest 3 comments and askcode's last answer.)",
    );
    expect(rendered.commentsShown).toBe(4);
  });

  it("cuts askcode's last answer to fit rather than leaving it out, keeping its citations", () => {
    const long = {
      ...answer,
      askcodeAnswer: {
        text: "Retries stop after five attempts. ".repeat(400),
        cited: ["src/retry.ts:9 @ 9fceb02"],
      },
    };
    const rendered = renderIssueThread(
      { title: "Retries", body: "Body.", comments: [long, ...chatter(0, 3)] },
      600,
      tokenCounter,
    );
    expect(rendered.tokens).toBeLessThanOrEqual(600);
    expect(rendered.text).toContain("- src/retry.ts:9 @ 9fceb02");
    expect(rendered.text).toContain(
      "[… the rest of this answer is cut to fit the budget]",
    );
  });
});
