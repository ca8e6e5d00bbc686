import nock from "nock";
import type { ThreadComments } from "../../../src/conversation/thread-comments.js";
import {
  conversationOf,
  openConversation,
} from "../../../src/conversation/open-conversation.js";
import type { ReviewCommentFacts } from "../../../src/question/trigger-types.js";
import {
  nockGraphql,
  type GraphqlSent,
} from "../../helpers/graphql-discussion.js";
import { restHeaders } from "../../helpers/nock-github.js";
import { noPullRequests } from "../../helpers/no-pull-requests.js";
import {
  restPullRequest,
  restPullRequestFile,
} from "../../helpers/rest-pull-request.js";
import { questionJob } from "../../helpers/question-job.js";
import { createTestOctokit } from "../../helpers/test-octokit.js";

const OWNER = "Codertocat";
const REPO = "Hello-World";
const API = `/repos/${OWNER}/${REPO}`;
const PLACE = {
  owner: OWNER,
  repo: REPO,
  htmlUrl: `https://github.com/${OWNER}/${REPO}`,
};
const HEAD = "ec26c3e57ca3a959ca5aad62de7213c562f8c821";
const MOVED = "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";

// A reaction as GitHub answers `POST …/reactions`.
// https://docs.github.com/en/rest/reactions/reactions#create-reaction-for-an-issue-comment
const EYES = {
  id: 1,
  node_id: "MDg6UmVhY3Rpb24x",
  content: "eyes",
  created_at: "2026-11-27T10:00:00Z",
};

const REVIEW_LINE: ReviewCommentFacts = {
  pullNumber: 2,
  path: "README.md",
  line: 3,
  side: "RIGHT",
  diffHunk: "@@ -1 +1,3 @@\n-# Hello-World\n+# Hello World\n+\n+Welcome",
  commitId: HEAD,
  inReplyTo: 284312630,
};

beforeEach(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe("openConversation()", () => {
  it("on an issue comment: 👀 on that comment, the reply in the issue, no pull request read", async () => {
    const scope = nock("https://api.github.com")
      .post(`${API}/issues/comments/444/reactions`, { content: "eyes" })
      .reply(201, EYES, restHeaders())
      .post(`${API}/issues/5/comments`)
      .reply(201, { id: 901 }, restHeaders());
    const conversation = openConversation(
      createTestOctokit(),
      questionJob({
        ...PLACE,
        issueNumber: 5,
        reactTo: { kind: "comment", commentId: 444 },
      }),
    );

    await conversation.acknowledge();
    expect(await conversation.create("Looking…")).toBe(901);
    expect(await conversation.readPullRequest()).toBeUndefined();
    expect(await conversation.headMovedNote(HEAD)).toBeUndefined();
    expect(conversation.reviewLine).toBeUndefined();
    expect(scope.isDone()).toBe(true);
  });

  it("on an issue itself: 👀 on the issue", async () => {
    const scope = nock("https://api.github.com")
      .post(`${API}/issues/5/reactions`, { content: "eyes" })
      .reply(201, EYES, restHeaders());

    await openConversation(
      createTestOctokit(),
      questionJob({ ...PLACE, issueNumber: 5, reactTo: { kind: "issue" } }),
    ).acknowledge();
    expect(scope.isDone()).toBe(true);
  });

  it("on a review comment: 👀 on it, the reply under the thread's first comment, the line it was asked on", async () => {
    const scope = nock("https://api.github.com")
      .post(`${API}/pulls/comments/284312700/reactions`, { content: "eyes" })
      .reply(201, EYES, restHeaders())
      .post(`${API}/pulls/2/comments/284312630/replies`)
      .reply(201, { id: 902 }, restHeaders());
    const conversation = openConversation(
      createTestOctokit(),
      questionJob({
        ...PLACE,
        issueNumber: 2,
        onPullRequest: true,
        reactTo: {
          kind: "review-comment",
          commentId: 284312700,
          reviewComment: REVIEW_LINE,
        },
      }),
    );

    await conversation.acknowledge();
    expect(await conversation.create("Looking…")).toBe(902);
    expect(conversation.reviewLine).toStrictEqual(REVIEW_LINE);
    expect(scope.isDone()).toBe(true);
  });

  it("on a pull request: reads it with its changed files, and notes a head that moved", async () => {
    const scope = nock("https://api.github.com")
      .get(`${API}/pulls/2`)
      .reply(
        200,
        restPullRequest({ number: 2, headSha: HEAD, changedFiles: 1 }),
        restHeaders(),
      )
      .get(`${API}/pulls/2/files`)
      .query(true)
      .reply(
        200,
        [restPullRequestFile("README.md", "@@ -1 +1 @@\n-a\n+b")],
        restHeaders(),
      )
      .get(`${API}/pulls/2`)
      .reply(
        200,
        restPullRequest({ number: 2, headSha: MOVED }),
        restHeaders(),
      );
    const conversation = openConversation(
      createTestOctokit(),
      questionJob({
        ...PLACE,
        issueNumber: 2,
        onPullRequest: true,
        reactTo: { kind: "comment", commentId: 444 },
      }),
    );

    const pull = await conversation.readPullRequest();
    expect(pull?.head.sha).toBe(HEAD);
    expect(pull?.files.map((f) => f.path)).toStrictEqual(["README.md"]);
    expect(await conversation.headMovedNote(HEAD)).toContain(
      "moved to commit 1a2b3c4",
    );
    expect(scope.isDone()).toBe(true);
  });

  it("on a discussion comment: 👀 through GraphQL on the comment that asked", async () => {
    const sent: GraphqlSent[] = [];
    const scope = nock("https://api.github.com");
    nockGraphql(
      scope,
      "AddReaction",
      { data: { addReaction: { reaction: { content: "EYES" } } } },
      sent,
    );

    await openConversation(
      createTestOctokit(),
      questionJob({
        ...PLACE,
        issueNumber: 90,
        reactTo: {
          kind: "discussion-comment",
          commentId: 550062,
          discussion: {
            number: 90,
            nodeId: "MDEwOkRpc2N1c3Npb24zMjk5NjE0",
            category: "Q&A",
            comment: { nodeId: "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy" },
          },
        },
      }),
    ).acknowledge();
    expect(scope.isDone()).toBe(true);
    expect(sent[0]?.variables).toStrictEqual({
      subjectId: "MDE3OkRpc2N1c3Npb25Db21tZW50NTUwMDYy",
    });
  });
});

describe("conversationOf()", () => {
  it("reads the thread without the comment that asked", async () => {
    const asked: Array<number | undefined> = [];
    const comments: ThreadComments = {
      create: async () => 1,
      update: async () => {},
      thread: async (askingCommentId) => {
        asked.push(askingCommentId);
        return { title: "Uploads give up too early", body: null, comments: [] };
      },
    };
    const parts = {
      comments,
      pullRequests: noPullRequests,
      acknowledge: async () => {},
    };

    await conversationOf(
      questionJob({ reactTo: { kind: "comment", commentId: 444 } }),
      parts,
    ).readThread();
    await conversationOf(
      questionJob({ reactTo: { kind: "issue" } }),
      parts,
    ).readThread();
    expect(asked).toStrictEqual([444, undefined]);
  });
});
