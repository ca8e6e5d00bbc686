import nock from "nock";
import { createOpenAIChatModel } from "../../../src/agent/openai-chat-model.js";
import { runAgent } from "../../../src/agent/run-agent.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { setupTools, tokenCounter } from "../tools/code-tools-fixture.js";

const BASE = "http://vllm.test";

const reply = (message: Record<string, unknown>) => ({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [
    {
      index: 0,
      finish_reason: "stop",
      message: { role: "assistant", ...message },
    },
  ],
});

describe("runAgent with the OpenAI-compatible client", () => {
  it("plays a conversation with a tool call end to end over HTTP", async () => {
    const bodies: Array<{
      messages: Array<Record<string, unknown>>;
      tools?: unknown[];
    }> = [];
    const scope = nock(BASE)
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      // A server that says "stop" with a tool call, arguments as an object (Ollama).
      .reply(
        200,
        reply({
          content: null,
          tool_calls: [
            {
              id: "t1",
              type: "function",
              function: {
                name: "read_file_contents",
                arguments: { path: "src/retry.ts" },
              },
            },
          ],
        }),
      )
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .reply(429, { error: { message: "slow down" } }, { "retry-after": "1" })
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .reply(
        200,
        reply({
          content: "After `MAX_ATTEMPTS` attempts (src/retry.ts#L2-L2).",
        }),
      );
    const clock = createFakeClock();
    const result = await runAgent({
      model: createOpenAIChatModel({
        baseURL: `${BASE}/v1`,
        model: "m",
        clock,
        timeoutMs: 5_000,
        maxRetries: 2,
      }),
      tools: setupTools().tools,
      systemPrompt: "You are askcode.",
      firstMessage: "When does shouldRetry give up?",
      tokenCounter,
      clock,
      log: { info() {}, warn() {} },
    });
    expect(result).toMatchObject({
      answer: "After `MAX_ATTEMPTS` attempts (src/retry.ts#L2-L2).",
      stop: "final_answer",
      steps: 2,
      requests: 2,
    });
    expect(clock.sleeps).toEqual([1_000]);
    const last = bodies[2]?.messages ?? [];
    expect(last.slice(2).map((m) => [m.role, m.tool_call_id ?? null])).toEqual([
      ["assistant", null],
      ["tool", "t1"],
    ]);
    expect(last[2]).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "t1",
          type: "function",
          function: {
            name: "read_file_contents",
            arguments: '{"path":"src/retry.ts"}',
          },
        },
      ],
    });
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});
