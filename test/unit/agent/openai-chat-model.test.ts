import nock from "nock";
import { APIUserAbortError } from "openai";
import { ModelOutOfTimeError } from "../../../src/agent/model-out-of-time-error.js";
import { createDeadline } from "../../../src/shared/deadline.js";
import { holdReplies } from "../../helpers/held-reply.js";
import { createOpenAIChatModel } from "../../../src/agent/openai-chat-model.js";
import type { ChatRequest } from "../../../src/agent/chat-model.js";
import { ModelError } from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";

const BASE = "http://models.test";

function completion(message: Record<string, unknown>, finishReason = "stop") {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1,
    model: "qwen2.5-coder",
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        message: { role: "assistant", ...message },
      },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 },
  };
}

const TOOL = {
  name: "read_file_contents",
  description: "Read a file.",
  parameters: {
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
  },
};

const REQUEST: ChatRequest = {
  messages: [
    { role: "system", content: "You are askcode." },
    { role: "user", content: "How does retry work?" },
    {
      role: "assistant",
      content: null,
      toolCalls: [
        {
          id: "call_1",
          name: "read_file_contents",
          arguments: { path: "src/retry.ts" },
        },
      ],
    },
    { role: "tool", toolCallId: "call_1", content: '{"path":"src/retry.ts"}' },
  ],
  tools: [TOOL],
  maxTokens: 800,
};

function setup(options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const clock = createFakeClock();
  const model = createOpenAIChatModel({
    apiKey: "sk-test",
    baseURL: `${BASE}/v1`,
    model: "qwen2.5-coder",
    timeoutMs: options.timeoutMs ?? 5_000,
    clock,
    maxRetries: options.maxRetries ?? 3,
    random: () => 0,
  });
  return { clock, model };
}

describe("createOpenAIChatModel", () => {
  it("sends a non-streaming request with tools, parallel_tool_calls off and no tool_choice", async () => {
    const bodies: unknown[] = [];
    const scope = nock(BASE)
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .matchHeader("authorization", "Bearer sk-test")
      .reply(
        200,
        completion({ content: "Retries happen in src/retry.ts#L1-L4." }),
      );
    const { model } = setup();
    const response = await model.complete(REQUEST);
    expect(response).toEqual({
      message: {
        content: "Retries happen in src/retry.ts#L1-L4.",
        toolCalls: [],
      },
      usage: { promptTokens: 120, completionTokens: 7 },
    });
    expect(bodies[0]).toMatchInlineSnapshot(`
{
  "max_tokens": 800,
  "messages": [
    {
      "content": "You are askcode.",
      "role": "system",
    },
    {
      "content": "How does retry work?",
      "role": "user",
    },
    {
      "content": null,
      "role": "assistant",
      "tool_calls": [
        {
          "function": {
            "arguments": "{"path":"src/retry.ts"}",
            "name": "read_file_contents",
          },
          "id": "call_1",
          "type": "function",
        },
      ],
    },
    {
      "content": "{"path":"src/retry.ts"}",
      "role": "tool",
      "tool_call_id": "call_1",
    },
  ],
  "model": "qwen2.5-coder",
  "parallel_tool_calls": false,
  "tools": [
    {
      "function": {
        "description": "Read a file.",
        "name": "read_file_contents",
        "parameters": {
          "properties": {
            "path": {
              "type": "string",
            },
          },
          "required": [
            "path",
          ],
          "type": "object",
        },
      },
      "type": "function",
    },
  ],
}
`);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("leaves parallel_tool_calls out when no tools are sent", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const scope = nock(BASE)
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .reply(200, completion({ content: "ok" }));
    await setup().model.complete({
      messages: [{ role: "user", content: "answer now" }],
    });
    expect(Object.keys(bodies[0] ?? {}).sort()).toEqual(["messages", "model"]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reads tool calls from the message even when finish_reason says stop, arguments as a string or an object", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .reply(
        200,
        completion(
          {
            content: null,
            tool_calls: [
              {
                id: "c1",
                type: "function",
                function: {
                  name: "search_repository_code",
                  arguments: '{"query":"retry"}',
                },
              },
              {
                type: "function",
                function: {
                  name: "read_file_contents",
                  arguments: { path: "src/retry.ts" },
                },
              },
            ],
          },
          "stop",
        ),
      );
    const { message } = await setup().model.complete(REQUEST);
    expect(message.toolCalls).toEqual([
      {
        id: "c1",
        name: "search_repository_code",
        arguments: '{"query":"retry"}',
      },
      {
        id: "call_askcode_1",
        name: "read_file_contents",
        arguments: { path: "src/retry.ts" },
      },
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("retries a 429 after the wait the server asks for, through the clock", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .reply(
        429,
        { error: { message: "Rate limit reached" } },
        { "retry-after": "2" },
      )
      .post("/v1/chat/completions")
      .reply(200, completion({ content: "done" }));
    const { model, clock } = setup();
    expect((await model.complete(REQUEST)).message.content).toBe("done");
    expect(clock.sleeps).toEqual([2_000]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("gives up on a 429 that persists, with a message a maintainer can act on", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .times(4)
      .reply(429, { error: { message: "Rate limit reached" } });
    const { model, clock } = setup();
    const error = await model.complete(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      'The model endpoint at http://models.test/v1 answered 429 four times; the last answer said "Rate limit reached". ' +
        "It is rate-limiting askcode: wait and ask again, or raise the endpoint's rate limits (fewer agent steps per question also helps).",
    );
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("throws ModelError after a storm of 500s", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .times(3)
      .reply(500, { error: { message: "model crashed" } });
    const { model } = setup({ maxRetries: 2 });
    const error = await model.complete(REQUEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as Error).message).toBe(
      'The model endpoint at http://models.test/v1 answered 500 three times; the last answer said "model crashed". ' +
        "The server is failing: check that it is up and the model is loaded, then ask again.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("does not wait when the server asks for longer than askcode waits", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .reply(429, { error: { message: "quota" } }, { "retry-after": "600" });
    const { model, clock } = setup();
    await expect(model.complete(REQUEST)).rejects.toThrow(
      "answered 429 and asked askcode to wait 600 s, longer than the 60 s it waits",
    );
    expect(clock.sleeps).toEqual([]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("does not retry a rejected key", async () => {
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .reply(401, { error: { message: "Incorrect API key provided" } });
    await expect(setup().model.complete(REQUEST)).rejects.toThrow(
      'answered 401 once; the last answer said "Incorrect API key provided". It rejected the API key: check OPENAI_API_KEY.',
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("retries connection errors and timeouts", async () => {
    const held = holdReplies(completion({ content: "late" }));
    const scope = nock(BASE)
      .post("/v1/chat/completions")
      .replyWithError({ code: "ECONNREFUSED", message: "connect ECONNREFUSED" })
      .post("/v1/chat/completions")
      .reply(200, held.reply)
      .post("/v1/chat/completions")
      .reply(200, completion({ content: "ok" }));
    const { model, clock } = setup({ timeoutMs: 50 });
    const answer = model.complete(REQUEST);
    await held.arrived(1);
    clock.advance(50); // the attempt's own timeout, on the injected clock
    expect((await answer).message.content).toBe("ok");
    expect(clock.sleeps).toEqual([1_000, 2_000]);
    expect(scope.pendingMocks()).toStrictEqual([]);
    held.release();
  });

  it("says when the endpoint cannot be reached at all", async () => {
    nock(BASE).post("/v1/chat/completions").times(2).replyWithError({
      code: "ECONNREFUSED",
      message: "connect ECONNREFUSED",
    });
    await expect(
      setup({ maxRetries: 1 }).model.complete(REQUEST),
    ).rejects.toThrow(
      /^askcode could not connect to the model endpoint at http:\/\/models\.test\/v1, twice; .*Check OPENAI_BASE_URL/,
    );
  });

  it("switches to max_completion_tokens when the server asks for it, and keeps it", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const scope = nock(BASE)
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .reply(400, {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        },
      })
      .post("/v1/chat/completions", (body) => bodies.push(body) > 0)
      .times(2)
      .reply(200, completion({ content: "ok" }));
    const { model } = setup();
    await model.complete(REQUEST);
    await model.complete(REQUEST);
    expect(bodies.map((b) => [b.max_tokens, b.max_completion_tokens])).toEqual([
      [800, undefined],
      [undefined, 800],
      [undefined, 800],
    ]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("says how long it waited when the endpoint never answers in time", async () => {
    const held = holdReplies(completion({ content: "too late" }));
    nock(BASE).post("/v1/chat/completions").times(2).reply(200, held.reply);
    const { model, clock } = setup({ maxRetries: 1, timeoutMs: 50 });
    const answer = model.complete(REQUEST);
    await held.arrived(1);
    clock.advance(50);
    await held.arrived(2);
    clock.advance(50);
    await expect(answer).rejects.toThrow(
      "The model endpoint at http://models.test/v1 did not answer within 0.1 s, twice. " +
        "Check that the server is up and not overloaded, or raise the model timeout.",
    );
    held.release();
  });

  describe("with the run's deadline", () => {
    it("aborts the request in flight at the deadline and starts no other", async () => {
      const held = holdReplies(completion({ content: "too late" }));
      const scope = nock(BASE)
        .post("/v1/chat/completions")
        .times(4)
        .reply(200, held.reply);
      const { model, clock } = setup({ timeoutMs: 120_000 });
      const deadline = createDeadline(clock, 180_000);
      const answer = model.complete(REQUEST, deadline).catch((e: unknown) => e);
      await held.arrived(1);
      clock.advance(120_000); // the first attempt times out; the retry waits 1 s
      await held.arrived(2);
      clock.advance(59_000); // the deadline, 180 s after the start

      const error = await answer;
      expect(error).toBeInstanceOf(ModelOutOfTimeError);
      expect((error as Error).message).toBe(
        "The model endpoint at http://models.test/v1 did not answer within the run's time budget " +
          "after failing once before (see the log); the request in flight was cancelled.",
      );
      // The second request was cut off by the deadline, not answered.
      expect((error as Error).cause).toBeInstanceOf(APIUserAbortError);
      expect(clock.sleeps).toEqual([1_000]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(held.count).toBe(2);
      expect(scope.pendingMocks()).toHaveLength(1); // two of four left unused
      held.release();
    });

    it("starts no retry wait that would end past the deadline", async () => {
      const scope = nock(BASE)
        .post("/v1/chat/completions")
        .reply(
          503,
          { error: { message: "overloaded" } },
          { "retry-after": "30" },
        );
      const { model, clock } = setup();
      const deadline = createDeadline(clock, 20_000);
      const error = await model
        .complete(REQUEST, deadline)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelOutOfTimeError);
      expect((error as Error).message).toMatch(
        /answered 503 once; .* askcode did not retry: the wait \(30000 ms\) would end past the run's time budget\.$/,
      );
      expect(clock.sleeps).toEqual([]);
      expect(scope.pendingMocks()).toStrictEqual([]);
    });

    it("sends nothing once the deadline has passed", async () => {
      const scope = nock(BASE)
        .post("/v1/chat/completions")
        .reply(200, completion({ content: "ok" }));
      const { model, clock } = setup();
      const deadline = createDeadline(clock, 1_000);
      clock.advance(1_000);
      await expect(model.complete(REQUEST, deadline)).rejects.toBeInstanceOf(
        ModelOutOfTimeError,
      );
      expect(scope.pendingMocks()).toHaveLength(1);
      nock.cleanAll();
    });
  });
});
