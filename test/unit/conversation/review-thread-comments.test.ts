import nock from "nock";
import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";
import type { AnswerThumbsDown } from "../../../src/conversation/issue-comments.js";
import { createReviewThreadComments } from "../../../src/conversation/review-thread-comments.js";
import { earlierAnswer } from "../../helpers/earlier-answer.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import { restHeaders } from "../../helpers/nock-github.js";
import { restIssueThread } from "../../helpers/rest-issue-thread.js";
import { restReviewComments } from "../../helpers/rest-review-thread.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const OWNER = "Codertocat";
const REPO = "Hello-World";
const PULL = 2;
const REPOSITORY = { owner: OWNER, repo: REPO };
const API = `/repos/${OWNER}/${REPO}`;
const TOP = 284312630; // the thread's first comment
const OTHER_THREAD = 284312700;
const SHA = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";

// The pull request as `GET /issues/2` sends it: an issue with the pull request's title and body.
const PULL_AS_ISSUE = {
  ...restIssueThread(
    {
      title: "Update the README with new information.",
      body: "This is a pretty simple change that we need to pull into master.",
    },
    [],
  ).issue,
  number: PULL,
  pull_request: { url: `https://api.github.com${API}/pulls/${PULL}` },
};

const answered = () =>
  earlierAnswer(
    REPOSITORY,
    SHA,
    "The heading is renamed in [README.md]({link}).",
  );

function comments(
  review: { commentId: number; inReplyTo?: number },
  answersRead?: (
    repository: string,
    answers: readonly AnswerThumbsDown[],
  ) => Promise<void>,
) {
  return createReviewThreadComments(
    createTestOctokit(),
    { ...REPOSITORY, issueNumber: PULL },
    review,
    { appSlug: "askcode", ...(answersRead ? { answersRead } : {}) },
  );
}

describe("createReviewThreadComments().thread", () => {
  it("reads the pull request and only its review thread's comments, oldest first, askcode's answer marked and its notices left out", async () => {
    const listed = restReviewComments([
      {
        id: TOP,
        login: "Codertocat",
        association: "OWNER",
        body: "Why rename this heading?",
      },
      {
        id: OTHER_THREAD,
        login: "outsider",
        association: "NONE",
        body: "Another line, another thread.",
      },
      {
        id: TOP + 1,
        inReplyTo: TOP,
        login: "askcode[bot]",
        association: "NONE",
        body: await answered(),
        thumbsDown: 2,
      },
      {
        id: TOP + 2,
        inReplyTo: TOP,
        login: "askcode[bot]",
        association: "NONE",
        body: renderProgressComment([{ kind: "searching" }]),
      },
      {
        id: OTHER_THREAD + 1,
        inReplyTo: OTHER_THREAD,
        login: "outsider",
        association: "NONE",
        body: "A reply elsewhere.",
      },
      {
        id: TOP + 3,
        inReplyTo: TOP,
        login: "newcomer",
        association: "FIRST_TIMER",
        body: "@askcode and where is it linked from?",
      },
    ]);
    const scope = nock("https://api.github.com")
      .get(`${API}/issues/${PULL}`)
      .reply(200, PULL_AS_ISSUE, restHeaders())
      .get(`${API}/pulls/${PULL}/comments`)
      .query({ per_page: "100", page: "1" })
      .reply(200, listed, restHeaders());
    const read: AnswerThumbsDown[] = [];

    const thread = await comments(
      { commentId: TOP + 3, inReplyTo: TOP },
      async (_repository, answers) => void read.push(...answers),
    ).thread(TOP + 3);

    expect(scope.isDone()).toBe(true);
    expect(thread.number).toBe(PULL);
    expect(thread.title).toBe("Update the README with new information.");
    expect(
      thread.comments.map((c) => [c.author, c.body.slice(0, 24)]),
    ).toStrictEqual([
      ["Codertocat", "Why rename this heading?"],
      ["askcode[bot]", (await answered()).slice(0, 24)],
    ]);
    expect(thread.comments[1]?.askcodeAnswer?.cited).toStrictEqual([
      "README.md:1 @ ec26c3e",
    ]);
    expect(thread.asker).toStrictEqual({
      login: "newcomer",
      association: "FIRST_TIMER",
    });
    expect(read).toStrictEqual([{ commentId: TOP + 1, thumbsDown: 2 }]);
  });

  it("reads the next page while a page is full, and stops at a short one", async () => {
    const full = restReviewComments(
      Array.from({ length: 100 }, (_, i) => ({
        id: 1_000 + i,
        login: "regular",
        association: "CONTRIBUTOR",
        body: `elsewhere ${i}`,
      })),
    );
    const last = restReviewComments([
      {
        id: TOP,
        login: "Codertocat",
        association: "OWNER",
        body: "@askcode why?",
      },
    ]);
    const scope = nock("https://api.github.com")
      .get(`${API}/issues/${PULL}`)
      .reply(200, PULL_AS_ISSUE, restHeaders())
      .get(`${API}/pulls/${PULL}/comments`)
      .query({ per_page: "100", page: "1" })
      .reply(200, full, restHeaders())
      .get(`${API}/pulls/${PULL}/comments`)
      .query({ per_page: "100", page: "2" })
      .reply(200, last, restHeaders());

    const thread = await comments({ commentId: TOP }).thread(TOP);

    expect(scope.isDone()).toBe(true);
    expect(thread.comments).toStrictEqual([]);
    expect(thread.asker).toStrictEqual({
      login: "Codertocat",
      association: "OWNER",
    });
  });
});

describe("createReviewThreadComments() writes", () => {
  it("replies to the thread's first comment and edits the reply as a review comment, secrets redacted", async () => {
    const leaky = (where: string) => `${where}: the key is ${FAKE.npm}.`;
    const sent: Array<[string, string]> = [];
    const record = (uri: string, body: nock.Body) => {
      sent.push([uri, (body as { body: string }).body]);
      return { id: 284312999, in_reply_to_id: TOP };
    };
    const scope = nock("https://api.github.com")
      .post(`${API}/pulls/${PULL}/comments/${TOP}/replies`)
      .reply(201, record)
      .patch(`${API}/pulls/comments/284312999`)
      .reply(200, record);

    // The asking comment is itself a reply: GitHub threads replies on the first comment.
    const writer = comments({ commentId: TOP + 3, inReplyTo: TOP });
    const id = await writer.create(leaky("posted"));
    await writer.update(id, leaky("edited"));

    expect(scope.isDone()).toBe(true);
    expect(id).toBe(284312999);
    expect(sent).toHaveLength(2);
    for (const [, body] of sent) {
      expect(body).not.toContain(FAKE.npm);
      expect(body).toContain("REDACTED_");
    }
  });
});
