import nock from "nock";
import {
  discussionCommentNodeId,
  graphqlRefusal,
  nockDiscussionMention,
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

// The webhook examples' discussion #4 of Codertocat/Hello-World and its comment.
const DISCUSSION = "MDEwOkRpc2N1c3Npb24zMjk5NjE0";
const ASKING = 550062;
const ASKING_NODE = "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy";
const REPLY = 550099; // askcode's reply
const QUESTION = "@askcode where does the retry logic decide to give up?";

/** The example delivery, asking about the harness's repository. */
function delivery(fixture: string, field: "comment" | "discussion") {
  const payload = webhookPayload(fixture);
  payload[field].body = QUESTION; // changed: a question the harness's repository answers
  return payload;
}

/**
 * The discussion's GraphQL operations: still there and open, the 👀, the
 * reply and its edits, and the thread as read; every request is recorded.
 */
/** GitHub's side of the mention: `asking`, the comment that asks (none: the discussion's body). */
function nockDiscussion(
  asking: { nodeId: string } | undefined,
  reply?: object,
) {
  return nockDiscussionMention(
    asking && { databaseId: ASKING, nodeId: asking.nodeId },
    { question: QUESTION, replyId: REPLY, ...(reply && { reply }) },
  );
}

describe("a mention in a discussion", () => {
  it("reacts on the discussion comment and replies in its thread, edited into the answer at the default branch", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion({ nodeId: ASKING_NODE });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-discussion-1",
      name: "discussion_comment",
      payload: delivery("discussion_comment.created.mention", "comment"),
    });
    await idle();

    expect(discussion.of("AddReaction")).toStrictEqual([
      { subjectId: ASKING_NODE },
    ]);
    // One reply, in the asking comment's thread, then edits of it alone.
    const replies = discussion.of("AddDiscussionComment");
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      discussionId: DISCUSSION,
      replyToId: ASKING_NODE,
    });
    const edits = discussion.of("UpdateDiscussionComment");
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits)
      expect(edit.commentId).toBe(discussionCommentNodeId(REPLY));
    const answer = edits.at(-1)!.body as string;
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    // Nothing went to an issue's conversation.
    expect(github.posted).toStrictEqual([]);
    expect(github.edits).toStrictEqual([]);
    expect(github.reactions).toStrictEqual([]);
    auth.persist(false);
  });

  it("answers a new discussion that mentions askcode with a top-level comment", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion(undefined);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-discussion-2",
      name: "discussion",
      payload: delivery("discussion.created.mention", "discussion"),
    });
    await idle();

    expect(discussion.of("DiscussionStillAsked")).toStrictEqual([
      { discussion: DISCUSSION, comment: DISCUSSION, withComment: false },
    ]);
    expect(discussion.of("AddReaction")).toStrictEqual([
      { subjectId: DISCUSSION },
    ]);
    const replies = discussion.of("AddDiscussionComment");
    expect(replies).toHaveLength(1);
    expect(replies[0]).not.toHaveProperty("replyToId");
    const answer = discussion.of("UpdateDiscussionComment").at(-1)!
      .body as string;
    expect(permalinks(answer).map((l) => l.path)).toContain("src/upload.py");
    expect(github.posted).toStrictEqual([]);
    auth.persist(false);
  });

  it("ends quietly, reacted but with nothing posted, in a category where the app may not post", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion(
      { nodeId: ASKING_NODE },
      graphqlRefusal(
        "addDiscussionComment",
        "FORBIDDEN",
        "Resource not accessible by integration",
      ),
    );
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-discussion-3",
      name: "discussion_comment",
      payload: delivery("discussion_comment.created.mention", "comment"),
    });
    await idle();

    // Asked once (no retry cures a refusal); nothing read or edited after.
    expect(discussion.sent.map((s) => s.operation)).toStrictEqual([
      "DiscussionStillAsked",
      "AddReaction",
      "AddDiscussionComment",
    ]);
    auth.persist(false);
  });

  it("posts nothing for an edit that adds a mention, nor for a bot's comment", async () => {
    const auth = nockAppAuth();
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion({ nodeId: ASKING_NODE });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-discussion-4",
      name: "discussion_comment",
      payload: delivery("discussion_comment.edited.mention", "comment"),
    });
    await probot.receive({
      id: "delivery-discussion-5",
      name: "discussion_comment",
      payload: delivery("discussion_comment.created.bot", "comment"),
    });
    await idle();

    expect(discussion.sent).toStrictEqual([]);
    expect(github.reactions).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    auth.persist(false);
    nock.cleanAll();
  });
});

/** The example's `askcode: triage` label, on a discussion an outsider opened. */
function outsidersDiscussionLabelled(by: "its category form" | "a maintainer") {
  const payload = webhookPayload("discussion.labeled.triage");
  // changed: the discussion's author is outside the repository. A category
  // form's labels come with the author as the sender, as the example has it.
  payload.discussion.author_association = "NONE";
  if (by === "a maintainer") payload.sender.login = "maintainer"; // changed
  return payload;
}

describe("a mission label on a discussion, decided by whoever applied it", () => {
  it("`outsiders: retrieval`: an outsider's category-form label runs the mission from the search alone", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion(undefined);
    // A model is configured, and must not be asked.
    const llm = nockModel();
    const { probot, idle } = await startAskcode(MODEL_ENV);

    await probot.receive({
      id: "delivery-discussion-form-label",
      name: "discussion",
      payload: outsidersDiscussionLabelled("its category form"),
    });
    await idle();

    const answer = discussion.of("UpdateDiscussionComment").at(-1)!
      .body as string;
    expect(answer).toMatch(
      /^This repository answers people outside it from a search of the code alone\. One of its members can run this with the model by removing the label `askcode: triage` and adding it again\./,
    );
    expect(llm.isDone()).toBe(false);
    nock.cleanAll();
    auth.persist(false);
  });

  it("`outsiders: none`: an outsider's category-form label runs nothing and says nothing", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: none\n");
    const github = await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion(undefined);
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-discussion-form-label-none",
      name: "discussion",
      payload: outsidersDiscussionLabelled("its category form"),
    });
    await idle();

    expect(discussion.sent).toStrictEqual([]);
    expect(github.reactions).toStrictEqual([]);
    nock.cleanAll();
    auth.persist(false);
  });

  it("a maintainer's label on an outsider's discussion runs the mission with the model", async () => {
    const auth = nockAppAuth();
    nockConfig("outsiders: retrieval\n");
    await nockRepository(UPLOAD_REPOSITORY);
    const discussion = nockDiscussion(undefined);
    const llm = nockModel(
      "It gives up in `should_give_up` (`src/upload.py#L6-L10`).",
    );
    const { probot, idle } = await startAskcode(MODEL_ENV);

    await probot.receive({
      id: "delivery-discussion-maintainer-label",
      name: "discussion",
      payload: outsidersDiscussionLabelled("a maintainer"),
    });
    await idle();

    const answer = discussion.of("UpdateDiscussionComment").at(-1)!
      .body as string;
    expect(answer).toContain("It gives up in `should_give_up`");
    expect(llm.isDone()).toBe(true);
    nock.cleanAll();
    auth.persist(false);
  });
});
