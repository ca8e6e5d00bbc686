import { parseRepoConfig } from "../../../src/config/parse-repo-config.js";
import { decideTrigger } from "../../../src/question/decide-trigger.js";
import { reviewCommentTrigger } from "../../../src/webhooks/review-comment-trigger.js";
import { screenTrigger } from "../../../src/question/screen-trigger.js";
import { loadReviewCommentWebhook } from "./webhook-fixture.js";

const EVENT = "pull_request_review_comment";
const COMMENT_ID = 284312630; // the example's review comment
const QUESTION = "why is this heading changed here?";

describe("reviewCommentTrigger", () => {
  it("puts the pull request in the issue's place, marked as one, and keeps the comment's place in the diff", () => {
    const facts = reviewCommentTrigger(
      loadReviewCommentWebhook("pull_request_review_comment.created.mention"),
    );
    expect(facts).toStrictEqual({
      action: "created",
      sender: { login: "Codertocat", type: "User" },
      issue: {
        id: 279147437,
        title: "Update the README with new information.",
        body: "This is a pretty simple change that we need to pull into master.",
        locked: false,
        state: "open",
        author_association: "OWNER",
        user: { login: "Codertocat" },
        pull_request: true,
        updated_at: "2019-05-15T15:20:38Z",
      },
      comment: {
        id: COMMENT_ID,
        body: `@askcode ${QUESTION}`,
        author_association: "OWNER",
      },
      reviewComment: {
        pullNumber: 2,
        path: "README.md",
        line: 265,
        side: "RIGHT",
        diffHunk: "@@ -1 +1 @@\n-# Hello-World",
        commitId: "ec26c3e57ca3a959ca5aad62de7213c562f8c821",
      },
    });
  });

  it("keeps a reply's thread, and a deleted line's side and null line as GitHub sends them", () => {
    const payload = loadReviewCommentWebhook(
      "pull_request_review_comment.created.mention",
    );
    // changed: a reply on a line the pull request deletes, outdated since
    Object.assign(payload.comment, {
      in_reply_to_id: 284312000,
      side: "LEFT",
      line: null,
    });
    expect(reviewCommentTrigger(payload).reviewComment).toMatchObject({
      line: null,
      side: "LEFT",
      inReplyTo: 284312000,
    });
  });
});

describe("a review comment, screened and decided", () => {
  const decide = (fixture: Parameters<typeof loadReviewCommentWebhook>[0]) =>
    decideTrigger({
      event: EVENT,
      payload: reviewCommentTrigger(loadReviewCommentWebhook(fixture)),
      appSlug: "askcode",
      config: parseRepoConfig(undefined).config,
      missions: [],
    });

  it("is a question from the comment, with an id apart from issue comments'", () => {
    expect(decide("pull_request_review_comment.created.mention")).toStrictEqual(
      {
        kind: "question",
        question: QUESTION,
        source: "comment",
        questionFrom: "mention",
        triggerId: `review-comment:${COMMENT_ID}`,
        askerAssociation: "OWNER",
      },
    );
  });

  it("never answers an edit, a deletion, a bot or a comment that mentions no one", () => {
    expect(decide("pull_request_review_comment.edited.mention")).toMatchObject({
      kind: "ignore",
      reason: "edited",
    });
    expect(decide("pull_request_review_comment.deleted")).toMatchObject({
      kind: "ignore",
      reason: "deleted",
    });
    expect(decide("pull_request_review_comment.created.bot")).toMatchObject({
      kind: "ignore",
      reason: "self",
    });
    expect(decide("pull_request_review_comment.created")).toMatchObject({
      kind: "ignore",
      reason: "no-mention",
    });
  });

  it("is ignored on a locked pull request before the config is read", () => {
    const payload = reviewCommentTrigger(
      loadReviewCommentWebhook("pull_request_review_comment.created.mention"),
    );
    payload.issue.locked = true; // changed: the conversation was locked
    expect(
      screenTrigger({ event: EVENT, payload, missions: [] }),
    ).toMatchObject({ kind: "ignore", reason: "locked" });
  });
});
