import nock from "nock";
import { restPullRequestFile } from "../helpers/rest-pull-request.js";
import { restReviewComments } from "../helpers/rest-review-thread.js";
import {
  chatCompletion as completion,
  nockAppAuth,
  nockNoConfig,
  nockPullRequest,
  nockRepository,
  OWNER,
  permalinks,
  REPO,
  SHA,
  startAskcode,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";
import { nockLineBlame } from "../helpers/graphql-blame.js";

const API = `/repos/${OWNER}/${REPO}`;
const LLM = "http://llm.test";
const ASKING = 284312630; // the example's review comment
const REPLY = 284312999; // askcode's reply in its thread
// What the pull request changes in src/upload.py: head lines 6-10. The
// hunk of a review comment ends at its line: line 8, the changed limit.
const HUNK = [
  "@@ -6,4 +6,5 @@ import time",
  " def should_give_up(attempt, status):",
  '     """The retry logic gives up after MAX_ATTEMPTS or on a client error."""',
  "-    if attempt > MAX_ATTEMPTS:",
  "+    if attempt >= MAX_ATTEMPTS:",
].join("\n");

/**
 * The example review comment (@octokit/webhooks-examples), on the harness's
 * pull request #1 and on a line of its diff, with the question as its body.
 */
function reviewComment(
  fixture = "pull_request_review_comment.created.mention",
  place: { side?: "LEFT" | "RIGHT"; line?: number | null } = {},
) {
  const payload = webhookPayload(fixture);
  payload.pull_request.number = 1; // changed: the harness serves pull request #1
  Object.assign(payload.comment, {
    // changed: a line of the harness's repository, where the question is
    body: "@askcode why does the retry logic give up here?",
    path: "src/upload.py",
    diff_hunk: HUNK,
    line: 8,
    original_line: 8,
    side: "RIGHT",
    ...place,
  });
  return payload;
}

/** The review thread's routes: the asking comment, the thread's list, askcode's reply and its edits. */
function nockReviewThread() {
  const replies: string[] = [];
  const edits: string[] = [];
  const [asking] = restReviewComments([
    {
      id: ASKING,
      login: "Codertocat",
      association: "OWNER",
      body: "@askcode why does the retry logic give up here?",
    },
  ]);
  const scope = nock("https://api.github.com")
    .get(`${API}/pulls/comments/${ASKING}`)
    .reply(200, asking)
    .get(`${API}/pulls/1/comments`)
    .query({ per_page: "100", page: "1" })
    .reply(200, [asking])
    .post(`${API}/pulls/1/comments/${ASKING}/replies`)
    .reply(201, (_uri, body) => {
      replies.push((body as { body: string }).body);
      return { ...asking, id: REPLY, in_reply_to_id: ASKING };
    })
    .patch(`${API}/pulls/comments/${REPLY}`)
    .times(10)
    .reply(200, (_uri, body) => {
      edits.push((body as { body: string }).body);
      return { ...asking, id: REPLY, in_reply_to_id: ASKING };
    });
  return { scope, replies, edits };
}

// The commit GitHub's blame gives every line of the repository.
const BLAMED = "c0ffee5b57875f334f61aebed695e2e4193db5e0";

/**
 * GitHub's answer to `LineBlame` for a file of the harness's repository
 * whose lines all came in one squashed pull request, in the shape of
 * https://docs.github.com/en/graphql/reference/objects#blamerange
 */
function oneCommitBlame(path: keyof typeof UPLOAD_REPOSITORY) {
  const lines = UPLOAD_REPOSITORY[path].replace(/\n$/, "").split("\n").length;
  const web = `https://github.com/${OWNER}/${REPO}`;
  return {
    data: {
      repository: {
        object: {
          blame: {
            ranges: [
              {
                startingLine: 1,
                endingLine: lines,
                age: 1,
                commit: {
                  oid: BLAMED,
                  abbreviatedOid: BLAMED.slice(0, 7),
                  messageHeadline: "Give up on client errors (#7)",
                  committedDate: "2024-05-06T07:08:09Z",
                  url: `${web}/commit/${BLAMED}`,
                  associatedPullRequests: {
                    nodes: [
                      {
                        number: 7,
                        title: "Stop retrying client errors",
                        url: `${web}/pull/7`,
                        mergedAt: "2024-05-06T07:08:09Z",
                      },
                    ],
                  },
                },
              },
            ],
          },
        },
      },
    },
  };
}

const CHANGED = [
  restPullRequestFile("src/upload.py", `${HUNK}\n         return True`),
];

describe("a mention in a review comment on a line", () => {
  it("reacts on the review comment and answers in its thread, at the pull request's head", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    nockPullRequest(CHANGED);
    const github = await nockRepository(UPLOAD_REPOSITORY, undefined, {
      resolve: SHA,
    });
    const thread = nockReviewThread();
    // "why" asks for the history of the places shown: one blame per file.
    const blame = nockLineBlame(
      ({ path }) => oneCommitBlame(path as keyof typeof UPLOAD_REPOSITORY),
      3,
    );
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-review-1",
      name: "pull_request_review_comment",
      payload: reviewComment(),
    });
    await idle();

    expect(github.reactions).toStrictEqual([
      `${API}/pulls/comments/${ASKING}/reactions eyes`,
    ]);
    // One reply in the thread, edited into the answer; nothing in the conversation.
    expect(thread.replies).toHaveLength(1);
    expect(github.posted).toStrictEqual([]);
    expect(github.edits).toStrictEqual([]);
    const answer = thread.edits.at(-1)!;
    const links = permalinks(answer);
    expect(links.map((l) => l.path)).toContain("src/upload.py");
    expect(answer).not.toContain("not in the head commit");
    expect(answer).toContain(
      `- [\`src/upload.py\`, lines 1-20](https://github.com/${OWNER}/${REPO}/blob/${SHA}/src/upload.py#L1-L20): [\`${BLAMED.slice(0, 7)}\`](https://github.com/${OWNER}/${REPO}/commit/${BLAMED}) Give up on client errors (#7) (2024-05-06), pull request [#7 Stop retrying client errors](https://github.com/${OWNER}/${REPO}/pull/7)`,
    );
    expect(blame.sent.map((s) => s.variables.path).sort()).toStrictEqual([
      "README.md",
      "src/server.py",
      "src/upload.py",
    ]);
    expect(blame.scope.pendingMocks()).toStrictEqual([]);
    // Read whether it is still asked, and the thread (only its own comments).
    expect(thread.scope.pendingMocks()).toStrictEqual([
      `PATCH https://api.github.com:443${API}/pulls/comments/${REPLY}`,
    ]);

    auth.persist(false);
  });

  it("gives the model the hunk and the head's lines around the commented line", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    nockPullRequest(CHANGED);
    await nockRepository(UPLOAD_REPOSITORY, undefined, { resolve: SHA });
    const thread = nockReviewThread();
    // The history of the one line the answer cites.
    const blame = nockLineBlame(({ path }) =>
      oneCommitBlame(path as keyof typeof UPLOAD_REPOSITORY),
    );
    const asked: Array<{ messages: Array<{ role: string; content: string }> }> =
      [];
    nock(LLM)
      .post("/v1/chat/completions")
      .reply(200, (_uri, body) => {
        asked.push(body as (typeof asked)[number]);
        return completion({
          content: `It gives up at the fifth attempt: [src/upload.py#L8](https://github.com/${OWNER}/${REPO}/blob/${SHA}/src/upload.py#L8).`,
        });
      });
    const { probot, idle } = await startAskcode({
      OPENAI_BASE_URL: `${LLM}/v1`,
      OPENAI_API_KEY: "sk-test",
    });

    await probot.receive({
      id: "delivery-review-2",
      name: "pull_request_review_comment",
      payload: reviewComment(),
    });
    await idle();

    const first = asked[0]!.messages.find((m) => m.role === "user")!.content;
    expect(first).toContain(
      "The question was asked in a review comment on line 8 of src/upload.py",
    );
    expect(first).toContain(
      `<data from="diff hunk of src/upload.py">\n${HUNK}\n</data>`,
    );
    expect(first).toContain(
      `<data from="file src/upload.py at ${SHA}, lines 1-20">`,
    );
    expect(first).toContain("8\t    if attempt >= MAX_ATTEMPTS:");
    // The line shown from head grounds the citation of it.
    expect(permalinks(thread.edits.at(-1)!)).toContainEqual({
      path: "src/upload.py",
      start: 8,
      end: 8,
    });
    expect(thread.edits.at(-1)).toContain(
      `- [\`src/upload.py\`, line 8](https://github.com/${OWNER}/${REPO}/blob/${SHA}/src/upload.py#L8): [\`${BLAMED.slice(0, 7)}\`]`,
    );
    expect(blame.scope.pendingMocks()).toStrictEqual([]);
    auth.persist(false);
  });

  it("says above the answer that a deleted line is not in the head commit", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    nockPullRequest(CHANGED);
    await nockRepository(UPLOAD_REPOSITORY, undefined, { resolve: SHA });
    const thread = nockReviewThread();
    const blame = nockLineBlame(
      ({ path }) => oneCommitBlame(path as keyof typeof UPLOAD_REPOSITORY),
      3,
    );
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-review-3",
      name: "pull_request_review_comment",
      // changed: the comment is on the removed "-    if attempt > MAX_ATTEMPTS:", base line 8
      payload: reviewComment(undefined, { side: "LEFT", line: 8 }),
    });
    await idle();

    const answer = thread.edits.at(-1)!;
    expect(
      answer.startsWith(
        "> The commented line (src/upload.py line 8) is one this pull request deletes: it is not in the head commit.",
      ),
    ).toBe(true);
    expect(permalinks(answer).length).toBeGreaterThan(0);
    expect(blame.scope.pendingMocks()).toStrictEqual([]);
    auth.persist(false);
  });

  it("posts nothing for an edit that adds a mention, nor for a bot's comment", async () => {
    const auth = nockAppAuth();
    const github = await nockRepository(UPLOAD_REPOSITORY, undefined, {
      resolve: SHA,
    });
    const thread = nockReviewThread();
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-review-4",
      name: "pull_request_review_comment",
      payload: reviewComment("pull_request_review_comment.edited.mention"),
    });
    await probot.receive({
      id: "delivery-review-5",
      name: "pull_request_review_comment",
      payload: reviewComment("pull_request_review_comment.created.bot"),
    });
    await idle();

    expect(github.reactions).toStrictEqual([]);
    expect(thread.replies).toStrictEqual([]);
    expect(thread.edits).toStrictEqual([]);
    expect(github.posted).toStrictEqual([]);
    auth.persist(false);
    nock.cleanAll();
  });
});
