import nock from "nock";
import {
  chatCompletion as completion,
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  permalinks,
  startAskcode,
  SHA,
  UPLOAD_PY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = {
  "src/upload.py": UPLOAD_PY,
  "docs/retries.md": "# Retries\n\nUploads are retried up to five times.\n",
};

const LLM = "http://llm.test";

const call = (id: string, name: string, args: string) => ({
  id,
  type: "function",
  function: { name, arguments: args },
});

describe("a mention answered by a model through an OpenAI-compatible endpoint", () => {
  it("plays a conversation with a 429, malformed arguments, an unknown tool and a hallucinated path, and posts only links that resolve", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    const github = await nockRepository(FILES);
    const requests: Array<{
      messages: Array<{ role: string; content: string | null }>;
      tools?: unknown[];
    }> = [];
    const llm = nock(LLM)
      .post("/v1/chat/completions")
      .reply(
        429,
        { error: { message: "Rate limit reached", type: "requests" } },
        { "retry-after": "0" },
      )
      .post("/v1/chat/completions")
      .times(4)
      .reply(200, (_uri, body) => {
        requests.push(body as (typeof requests)[number]);
        switch (requests.length) {
          case 1:
            return completion({
              tool_calls: [
                call("c1", "read_file_contents", '{"path": "src/upload.py", '),
              ],
            });
          case 2:
            return completion({
              tool_calls: [call("c2", "delete_repository", "{}")],
            });
          case 3:
            return completion({
              tool_calls: [
                call("c3", "read_file_contents", '{"path": "src/upload.py"}'),
              ],
            });
          default:
            return completion({
              content:
                "The retry logic gives up in `should_give_up` at `src/upload.py#L3-L6`: after `MAX_ATTEMPTS` " +
                "or on a 4xx. The backoff lives in `src/backoff.py#L1-L9`.",
            });
        }
      });
    const { probot, idle } = await startAskcode({
      OPENAI_BASE_URL: `${LLM}/v1`,
      OPENAI_API_KEY: "sk-test",
    });

    await probot.receive({
      id: "delivery-9",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    await idle();

    // The tools the model sees are bound to the run: no repository, no token.
    const tools = (
      requests[0]!.tools as Array<{
        function: { name: string; parameters: { properties: object } };
      }>
    ).map((t) => [
      t.function.name,
      Object.keys(t.function.parameters.properties).sort(),
    ]);
    expect(tools).toStrictEqual([
      ["search_repository_code", ["language", "max_results", "path", "query"]],
      ["read_file_contents", ["end_line", "path", "ref", "start_line"]],
      ["list_directory_contents", ["path", "recursive", "ref"]],
      // GitHub's blame through GraphQL: the host keeps history.
      ["get_line_history", ["end_line", "path", "start_line"]],
    ]);
    // The broken JSON and the unknown tool went back to the model as errors it could act on.
    const toolReplies = requests
      .at(-1)!
      .messages.filter((m) => m.role === "tool")
      .map((m) => m.content ?? "");
    expect(toolReplies[0]).toMatch(/JSON/i);
    expect(toolReplies[1]).toMatch(/delete_repository/);
    expect(toolReplies[2]).toContain("should_give_up");

    const answer = github.edits.at(-1)!;
    expect(permalinks(answer)).toContainEqual({
      path: "src/upload.py",
      start: 3,
      end: 6,
    });
    // The hallucinated file is not linked, anywhere.
    expect(answer).not.toMatch(/blob\/[0-9a-f]{40}\/src\/backoff\.py/);
    // It is still named, so it says it does not exist.
    expect(answer).toContain(
      `\`src/backoff.py#L1-L9\` (not found at \`${SHA.slice(0, 7)}\`)`,
    );
    expect(answer).toContain("gpt-4o");
    expect(answer).toContain(SHA.slice(0, 7));
    expect(llm.isDone()).toBe(true);
    auth.persist(false);
  });
});
