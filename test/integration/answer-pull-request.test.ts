import nock from "nock";
import { restPullRequestFile } from "../helpers/rest-pull-request.js";
import {
  chatCompletion as completion,
  nockAppAuth,
  nockNoConfig,
  nockPullRequest,
  nockRepository,
  permalinks,
  startAskcode,
  SHA,
  UPLOAD_REPOSITORY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = UPLOAD_REPOSITORY;
const LLM = "http://llm.test";
// What the pull request changes in src/upload.py: head lines 6-10.
const UPLOAD_PATCH = [
  "@@ -6,4 +6,5 @@ import time",
  " def should_give_up(attempt, status):",
  '     """The retry logic gives up after MAX_ATTEMPTS or on a client error."""',
  "-    if attempt > MAX_ATTEMPTS:",
  "+    if attempt >= MAX_ATTEMPTS:",
  "         return True",
  "+    return 400 <= status < 500",
].join("\n");
const CHANGED = [restPullRequestFile("src/upload.py", UPLOAD_PATCH)];

/** The mention payload on a pull request's conversation: `issue_comment` with the issue's `pull_request` marker, as GitHub sends it for one. */
function pullRequestComment() {
  const payload = webhookPayload("issue_comment.created.mention");
  payload.issue.pull_request = {
    url: "https://api.github.com/repos/Codertocat/Hello-World/pulls/1",
    html_url: "https://github.com/Codertocat/Hello-World/pull/1",
    diff_url: "https://github.com/Codertocat/Hello-World/pull/1.diff",
    patch_url: "https://github.com/Codertocat/Hello-World/pull/1.patch",
    merged_at: null,
  }; // changed: the issue is a pull request
  return payload;
}

describe("a mention in a pull request's conversation", () => {
  it("answers once, at the pull request's head commit, not the default branch", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const pull = nockPullRequest(CHANGED);
    // The run resolves the head SHA; a read of the default branch would find no interceptor.
    const github = await nockRepository(FILES, undefined, { resolve: SHA });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-pr-1",
      name: "issue_comment",
      payload: pullRequestComment(),
    });
    await idle();

    expect(github.reactions).toHaveLength(1);
    expect(github.posted).toHaveLength(1);
    const answer = github.edits.at(-1)!;
    const links = permalinks(answer);
    expect(links.length).toBeGreaterThan(0);
    expect(links.map((l) => l.path)).toContain("src/upload.py");
    expect(answer).not.toContain("moved to commit");
    expect(pull.isDone()).toBe(true);
    auth.persist(false);
  });

  it("says so above the answer when the head moved while it ran", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const moved = "1234567890abcdef1234567890abcdef12345678";
    nockPullRequest(CHANGED, [SHA, moved]);
    const github = await nockRepository(FILES, undefined, { resolve: SHA });
    const { probot, idle } = await startAskcode();

    await probot.receive({
      id: "delivery-pr-2",
      name: "issue_comment",
      payload: pullRequestComment(),
    });
    await idle();

    const answer = github.edits.at(-1)!;
    expect(
      answer.startsWith(
        `> Pull request #1 moved to commit 1234567 while askcode was answering; this answer reads ${SHA.slice(0, 7)}, its head when askcode started.`,
      ),
    ).toBe(true);
    expect(permalinks(answer).length).toBeGreaterThan(0);
    auth.persist(false);
  });

  it("gives the model the pull request's files and its diff tool, and keeps a citation of a line the diff showed", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    nockPullRequest(CHANGED);
    const github = await nockRepository(FILES, undefined, { resolve: SHA });
    const requests: Array<{
      messages: Array<{ role: string; content: string | null }>;
      tools?: Array<{ function: { name: string } }>;
    }> = [];
    nock(LLM)
      .post("/v1/chat/completions")
      .times(2)
      .reply(200, (_uri, body) => {
        requests.push(body as (typeof requests)[number]);
        return requests.length === 1
          ? completion({
              tool_calls: [
                {
                  id: "c1",
                  type: "function",
                  function: {
                    name: "get_pull_request_diff",
                    arguments: '{"path": "src/upload.py"}',
                  },
                },
              ],
            })
          : completion({
              content: `The pull request makes the limit inclusive: [src/upload.py#L8-L9](https://github.com/Codertocat/Hello-World/blob/${SHA}/src/upload.py#L8-L9).`,
            });
      });
    const { probot, idle } = await startAskcode({
      OPENAI_BASE_URL: `${LLM}/v1`,
      OPENAI_API_KEY: "sk-test",
    });

    await probot.receive({
      id: "delivery-pr-3",
      name: "issue_comment",
      payload: pullRequestComment(),
    });
    await idle();

    const first = requests[0]!.messages.find((m) => m.role === "user")!;
    expect(first.content).toContain(
      `# Pull request #1\nThe code is read at the pull request's head, commit ${SHA}`,
    );
    expect(first.content).toContain("- src/upload.py: modified, +2 −1");
    expect(requests[0]!.tools?.map((t) => t.function.name)).toContain(
      "get_pull_request_diff",
    );
    const result = requests[1]!.messages.at(-1)!;
    expect(result.role).toBe("tool");
    expect(result.content).toContain("if attempt >= MAX_ATTEMPTS:");
    const answer = github.edits.at(-1)!;
    expect(permalinks(answer)).toContainEqual({
      path: "src/upload.py",
      start: 8,
      end: 9,
    });
    auth.persist(false);
  });
});
