import nock from "nock";
import { ProbotOctokit } from "probot";
import { renderProgressComment } from "../../../src/answer/render-progress-comment.js";
import { CommentRefusedError } from "../../../src/conversation/comment-refused-error.js";
import { createDiscussionComments } from "../../../src/conversation/discussion-comments.js";
import type { AnswerThumbsDown } from "../../../src/conversation/issue-comments.js";
import {
  DEFAULT_COMMENT_WRITE_POLICY,
  retryCommentWrite,
} from "../../../src/conversation/retry-comment-write.js";
import type { DiscussionFacts } from "../../../src/question/trigger-types.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { earlierAnswer } from "../../helpers/earlier-answer.js";
import { FAKE } from "../../helpers/fake-secrets.js";
import {
  discussionCommentNodeId,
  discussionThreadData,
  graphqlRefusal,
  nockGraphql,
  type GraphqlSent,
} from "../../helpers/graphql-discussion.js";

const OWNER = "Codertocat";
const REPO = "Hello-World";
const REPOSITORY = { owner: OWNER, repo: REPO };
const SHA = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";
// The webhook examples' discussion #4 and its comment.
const DISCUSSION = "MDEwOkRpc2N1c3Npb24zMjk5NjE0";
const ASKING = 550062;
const ASKING_NODE = "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy";
const REPLY = 550099; // askcode's reply

const ON_COMMENT: DiscussionFacts = {
  number: 4,
  nodeId: DISCUSSION,
  category: "General",
  comment: { nodeId: ASKING_NODE },
};

function octokit() {
  return new ProbotOctokit({
    auth: { token: "ghs_test" },
    throttle: { enabled: false },
    retry: { enabled: false },
  });
}

function comments(
  discussion: DiscussionFacts = ON_COMMENT,
  answersRead?: (
    repository: string,
    answers: readonly AnswerThumbsDown[],
  ) => Promise<void>,
) {
  return createDiscussionComments(
    octokit(),
    { ...REPOSITORY, issueNumber: 4 },
    discussion,
    { appSlug: "askcode", ...(answersRead ? { answersRead } : {}) },
  );
}

// askcode's progress notice, replying in the asking comment's thread.
const PROGRESS = {
  databaseId: REPLY,
  login: "askcode[bot]",
  association: "NONE",
  body: renderProgressComment([{ kind: "searching" }]),
  createdAt: "2021-03-30T20:36:09Z",
};

const added = (databaseId: number) => ({
  data: {
    addDiscussionComment: {
      comment: { id: discussionCommentNodeId(databaseId), databaseId },
    },
  },
});
const updated = (databaseId: number) => ({
  data: {
    updateDiscussionComment: {
      comment: { id: discussionCommentNodeId(databaseId) },
    },
  },
});

const answered = () =>
  earlierAnswer(
    REPOSITORY,
    SHA,
    "The welcome message is in [README.md]({link}).",
  );

describe("createDiscussionComments() writes", () => {
  it("replies in the asking comment's thread and edits the reply by its node id, secrets redacted", async () => {
    const sent: GraphqlSent[] = [];
    const leaky = (where: string) => `${where}: the key is ${FAKE.npm}.`;
    const scope = nock("https://api.github.com");
    nockGraphql(scope, "AddDiscussionComment", added(REPLY), sent);
    nockGraphql(scope, "UpdateDiscussionComment", updated(REPLY), sent);

    const writer = comments();
    const id = await writer.create(leaky("posted"));
    await writer.update(id, leaky("edited"));

    expect(scope.isDone()).toBe(true);
    expect(id).toBe(REPLY);
    expect(sent.map((s) => s.operation)).toStrictEqual([
      "AddDiscussionComment",
      "UpdateDiscussionComment",
    ]);
    expect(sent[0]?.variables).toMatchObject({
      discussionId: DISCUSSION,
      replyToId: ASKING_NODE,
    });
    expect(sent[1]?.variables).toMatchObject({
      commentId: discussionCommentNodeId(REPLY),
    });
    for (const { variables } of sent) {
      expect(variables.body).not.toContain(FAKE.npm);
      expect(variables.body).toContain("REDACTED_");
    }
  });

  it("replies to a reply's top-level comment: GitHub threads one level deep", async () => {
    const sent: GraphqlSent[] = [];
    const top = discussionCommentNodeId(544078);
    const scope = nock("https://api.github.com");
    nockGraphql(
      scope,
      "DiscussionCommentReplyTo",
      { data: { node: { replyTo: { id: top } } } },
      sent,
    );
    nockGraphql(scope, "AddDiscussionComment", added(REPLY), sent);

    await comments({
      ...ON_COMMENT,
      comment: { nodeId: ASKING_NODE, parentId: 544078 },
    }).create("Looking…");

    expect(scope.isDone()).toBe(true);
    expect(sent[0]?.variables).toStrictEqual({ id: ASKING_NODE });
    expect(sent[1]?.variables).toMatchObject({ replyToId: top });
  });

  it("posts a top-level comment when the discussion's own post asked", async () => {
    const sent: GraphqlSent[] = [];
    const scope = nock("https://api.github.com");
    nockGraphql(scope, "AddDiscussionComment", added(REPLY), sent);

    await comments({
      number: 4,
      nodeId: DISCUSSION,
      category: "General",
    }).create("Looking…");

    expect(sent).toHaveLength(1);
    expect(sent[0]?.variables).toStrictEqual({
      discussionId: DISCUSSION,
      body: "Looking…",
    });
  });

  it("finds an earlier attempt's comment by its database id when another process posted it", async () => {
    const sent: GraphqlSent[] = [];
    const scope = nock("https://api.github.com");
    nockGraphql(
      scope,
      "DiscussionThread",
      discussionThreadData(
        {
          title: "TEST edit",
          body: "TEST edit",
          login: "Codertocat",
          association: "OWNER",
        },
        [
          {
            databaseId: ASKING,
            login: "Codertocat",
            association: "OWNER",
            body: "@askcode where is the welcome message defined?",
            createdAt: "2021-03-30T20:36:05Z",
            replies: [PROGRESS],
          },
        ],
      ),
      sent,
    );
    nockGraphql(scope, "UpdateDiscussionComment", updated(REPLY), sent);

    await comments().update(REPLY, "The answer.");

    expect(scope.isDone()).toBe(true);
    expect(sent[1]?.variables).toStrictEqual({
      commentId: discussionCommentNodeId(REPLY),
      body: "The answer.",
    });
  });
});

describe("createDiscussionComments() on a deleted comment", () => {
  it("says 404, as a REST edit would, when GitHub cannot resolve the comment, so the run posts anew", async () => {
    const scope = nock("https://api.github.com");
    nockGraphql(scope, "AddDiscussionComment", added(REPLY));
    nockGraphql(scope, "UpdateDiscussionComment", {
      data: { updateDiscussionComment: null },
      errors: [
        {
          type: "NOT_FOUND",
          path: ["updateDiscussionComment"],
          locations: [{ line: 2, column: 3 }],
          message: `Could not resolve to a node with the global id of '${discussionCommentNodeId(REPLY)}'`,
        },
      ],
    });
    nockGraphql(
      scope,
      "DiscussionThread",
      discussionThreadData(
        {
          title: "TEST edit",
          body: "TEST edit",
          login: "Codertocat",
          association: "OWNER",
        },
        [],
      ),
    );

    const writer = comments();
    const id = await writer.create("Looking…");
    await expect(writer.update(id, "The answer.")).rejects.toMatchObject({
      status: 404,
    });
    // Another process, which never saw the reply, finds it gone by reading.
    await expect(comments().update(REPLY, "The answer.")).rejects.toMatchObject(
      { status: 404, message: `discussion comment ${REPLY} was not found` },
    );
    expect(scope.isDone()).toBe(true);
  });
});

describe("createDiscussionComments() refused", () => {
  it("throws GitHub's FORBIDDEN for a category the app may not post in, with HTTP 200, and no retry is made", async () => {
    const sent: GraphqlSent[] = [];
    const scope = nock("https://api.github.com");
    nockGraphql(
      scope,
      "AddDiscussionComment",
      graphqlRefusal(
        "addDiscussionComment",
        "FORBIDDEN",
        "Resource not accessible by integration",
      ),
      sent,
    );

    const writer = comments();
    const refused = await retryCommentWrite(
      async () => void (await writer.create("Looking…")),
      {
        clock: createFakeClock(),
        policy: DEFAULT_COMMENT_WRITE_POLICY,
        stillWanted: () => true,
      },
    ).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(CommentRefusedError);
    expect(refused).toMatchObject({
      reason: "FORBIDDEN",
      status: 403,
      message:
        "GitHub refused askcode's comment: FORBIDDEN: Resource not accessible by integration",
    });
    // One request: a refusal is not what a wait cures.
    expect(sent).toHaveLength(1);
    expect(scope.isDone()).toBe(true);
  });

  it("throws GitHub's refusal of an edit in a discussion locked since", async () => {
    const scope = nock("https://api.github.com");
    nockGraphql(scope, "AddDiscussionComment", added(REPLY));
    nockGraphql(
      scope,
      "UpdateDiscussionComment",
      graphqlRefusal(
        "updateDiscussionComment",
        "UNPROCESSABLE",
        "Discussion is locked",
      ),
    );

    const writer = comments();
    const id = await writer.create("Looking…");
    await expect(writer.update(id, "The answer.")).rejects.toMatchObject({
      name: "CommentRefusedError",
      reason: "UNPROCESSABLE",
    });
  });
});

describe("createDiscussionComments().thread", () => {
  it("reads the discussion's post, then its comments and replies oldest first, askcode's answer marked and its notices left out", async () => {
    const scope = nock("https://api.github.com");
    const sent: GraphqlSent[] = [];
    nockGraphql(
      scope,
      "DiscussionThread",
      discussionThreadData(
        {
          title: "TEST edit",
          body: "Where do new contributors start?",
          login: "Codertocat",
          association: "OWNER",
        },
        [
          {
            databaseId: 544078,
            login: "Codertocat",
            association: "OWNER",
            body: "@askcode where is the welcome message?",
            createdAt: "2021-03-30T20:30:00Z",
            replies: [
              {
                databaseId: 544080,
                login: "askcode[bot]",
                association: "NONE",
                body: await answered(),
                createdAt: "2021-03-30T20:31:00Z",
                thumbsDown: 2,
              },
              {
                databaseId: 544090,
                login: "outsider",
                association: "NONE",
                body: "Thanks, that helped.",
                createdAt: "2021-03-30T20:40:00Z",
              },
            ],
          },
          {
            databaseId: ASKING,
            login: "newcomer",
            association: "FIRST_TIMER",
            body: "@askcode and where is it linked from?",
            createdAt: "2021-03-30T20:36:05Z",
            replies: [PROGRESS],
          },
        ],
      ),
      sent,
    );
    const read: AnswerThumbsDown[] = [];

    const thread = await comments(
      ON_COMMENT,
      async (_repository, answers) => void read.push(...answers),
    ).thread(ASKING);

    expect(scope.isDone()).toBe(true);
    expect(sent[0]?.variables).toStrictEqual({ id: DISCUSSION });
    expect(thread.number).toBe(4);
    expect(thread.title).toBe("TEST edit");
    expect(thread.author).toStrictEqual({
      login: "Codertocat",
      association: "OWNER",
    });
    expect(
      thread.comments.map((c) => [c.author, c.body.slice(0, 24)]),
    ).toStrictEqual([
      ["Codertocat", "@askcode where is the we"],
      ["askcode[bot]", (await answered()).slice(0, 24)],
      ["outsider", "Thanks, that helped."],
    ]);
    expect(thread.comments[1]?.askcodeAnswer?.cited).toStrictEqual([
      "README.md:1 @ ec26c3e",
    ]);
    expect(thread.asker).toStrictEqual({
      login: "newcomer",
      association: "FIRST_TIMER",
    });
    expect(read).toStrictEqual([{ commentId: 544080, thumbsDown: 2 }]);
  });
});
