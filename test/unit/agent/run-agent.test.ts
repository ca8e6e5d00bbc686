import { answerNowMessage } from "../../../src/agent/answer-now-message.js";
import { resolveBudgets } from "../../../src/agent/budgets.js";
import type { ChatRequest } from "../../../src/agent/chat-model.js";
import { runAgent, type RunAgentInput } from "../../../src/agent/run-agent.js";
import { ModelError } from "../../../src/shared/errors.js";
import { createFakeClock, type FakeClock } from "../../helpers/fake-clock.js";
import {
  createScriptedChatModel,
  type ScriptedReply,
} from "../../helpers/scripted-chat-model.js";
import { setupTools, tokenCounter } from "../tools/code-tools-fixture.js";

const TOOL_NAMES = [
  "search_repository_code",
  "read_file_contents",
  "list_directory_contents",
];

function setup(
  replies: ScriptedReply[],
  overrides: Partial<RunAgentInput> = {},
) {
  const clock: FakeClock = createFakeClock();
  const model = createScriptedChatModel(replies, { clock });
  const logs: Array<[string, object, string]> = [];
  const input: RunAgentInput = {
    model,
    tools: setupTools().tools,
    systemPrompt: "You are askcode.",
    firstMessage: "Question: when does shouldRetry give up?",
    tokenCounter,
    clock,
    log: {
      info: (meta, message) => logs.push(["info", meta, message]),
      warn: (meta, message) => logs.push(["warn", meta, message]),
    },
    ...overrides,
  };
  return { model, clock, logs, run: () => runAgent(input) };
}

const lastMessage = (request: ChatRequest | undefined) =>
  request?.messages[request.messages.length - 1];

describe("runAgent", () => {
  it("searches, reads, then answers; each request carries the whole conversation and the tools", async () => {
    const { model, run } = setup([
      {
        toolCalls: [
          {
            name: "search_repository_code",
            arguments: '{"query":"MAX_ATTEMPTS"}',
          },
        ],
        usage: { promptTokens: 900, completionTokens: 20 },
      },
      {
        text: "Reading the function.",
        toolCalls: [
          {
            name: "read_file_contents",
            arguments: { path: "src/retry.ts", start_line: 1, end_line: 6 },
          },
        ],
        usage: { promptTokens: 1_300, completionTokens: 30 },
      },
      {
        text: "It gives up after `MAX_ATTEMPTS` attempts (src/retry.ts#L2-L2).",
        usage: { promptTokens: 1_600, completionTokens: 40 },
      },
    ]);
    const result = await run();

    expect(result).toMatchObject({
      answer: "It gives up after `MAX_ATTEMPTS` attempts (src/retry.ts#L2-L2).",
      stop: "final_answer",
      steps: 3,
      requests: 3,
      tokensUsed: 920 + 1_330 + 1_640,
    });
    expect(
      result.toolCalls.map(({ step, name, arguments: args, ok }) => ({
        step,
        name,
        args,
        ok,
      })),
    ).toEqual([
      {
        step: 1,
        name: "search_repository_code",
        args: { query: "MAX_ATTEMPTS" },
        ok: true,
      },
      {
        step: 2,
        name: "read_file_contents",
        args: { path: "src/retry.ts", start_line: 1, end_line: 6 },
        ok: true,
      },
    ]);
    expect(result.seen).toContainEqual({
      path: "src/retry.ts",
      startLine: 1,
      endLine: 6,
    });

    const [first, second, third] = model.requests;
    expect(first?.messages).toEqual([
      { role: "system", content: "You are askcode." },
      { role: "user", content: "Question: when does shouldRetry give up?" },
    ]);
    expect(first?.tools?.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(first?.maxTokens).toBe(2_000);
    expect(second?.messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: null,
        toolCalls: [
          {
            id: "call_1",
            name: "search_repository_code",
            arguments: '{"query":"MAX_ATTEMPTS"}',
          },
        ],
      },
      {
        role: "tool",
        toolCallId: "call_1",
        content: expect.stringMatching(
          /^\{"query":"MAX_ATTEMPTS","mode":"pattern"/,
        ),
      },
    ]);
    expect(third?.messages.slice(4)).toEqual([
      {
        role: "assistant",
        content: "Reading the function.",
        toolCalls: [
          {
            id: "call_2",
            name: "read_file_contents",
            arguments: { path: "src/retry.ts", start_line: 1, end_line: 6 },
          },
        ],
      },
      {
        role: "tool",
        toolCallId: "call_2",
        content: expect.stringContaining(
          '"content":"1\\texport function shouldRetry',
        ),
      },
    ]);
    expect(third?.tools?.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(model.remaining()).toBe(0);
  });

  it("sends broken JSON back once with what to fix, and runs the corrected call", async () => {
    const { model, run } = setup([
      {
        toolCalls: [
          { name: "read_file_contents", arguments: '{"path": "src/retry.ts"' },
        ],
      },
      {
        toolCalls: [
          { name: "read_file_contents", arguments: '{"path": "src/retry.ts"}' },
        ],
      },
      "Done.",
    ]);
    const result = await run();
    expect(lastMessage(model.requests[1])).toEqual({
      role: "tool",
      toolCallId: "call_1",
      // Node 22 adds "(line 1 column 24)" to JSON.parse's message.
      content: expect.stringMatching(
        new RegExp(
          "^Error: the arguments for read_file_contents are not a valid JSON object " +
            "\\(Expected ',' or '}' after property value in JSON at position 23.*\\): " +
            '\\{"path": "src/retry\\.ts"\\. ' +
            "Call read_file_contents again with a JSON object of path \\(string, required\\), ref \\(string\\), start_line \\(integer\\), end_line \\(integer\\)\\.$",
        ),
      ),
    });
    expect(result.toolCalls.map((c) => [c.name, c.ok])).toEqual([
      ["read_file_contents", false],
      ["read_file_contents", true],
    ]);
    expect(result.stop).toBe("final_answer");
  });

  it("drops a second broken call to the same tool with a short note", async () => {
    const { model, run } = setup([
      {
        toolCalls: [
          { name: "read_file_contents", arguments: "{path: src/retry.ts}" },
        ],
      },
      {
        toolCalls: [
          { name: "read_file_contents", arguments: "path=src/retry.ts" },
        ],
      },
      "I could not read the file.",
    ]);
    const result = await run();
    expect(lastMessage(model.requests[2])).toEqual({
      role: "tool",
      toolCallId: "call_2",
      content:
        "Dropped: the arguments of this call to read_file_contents were not valid JSON either. Continue without it, or answer with what you have.",
    });
    expect(result.toolCalls.map((c) => [c.name, c.arguments, c.ok])).toEqual([
      ["read_file_contents", "{path: src/retry.ts}", false],
      ["read_file_contents", "path=src/retry.ts", false],
    ]);
  });

  it("answers an unknown tool with the list of tools", async () => {
    const { model, run } = setup([
      { toolCalls: [{ name: "run_shell", arguments: '{"cmd":"cat .env"}' }] },
      "Answer.",
    ]);
    await run();
    expect(lastMessage(model.requests[1])).toEqual({
      role: "tool",
      toolCallId: "call_1",
      content:
        'Error: there is no tool named "run_shell". The tools are: search_repository_code, read_file_contents, list_directory_contents.',
    });
  });

  it("asks for the best answer without tools once the steps are spent", async () => {
    const { model, run } = setup(
      [
        { toolCalls: [{ name: "list_directory_contents", arguments: "{}" }] },
        {
          toolCalls: [
            { name: "read_file_contents", arguments: '{"path":"README.md"}' },
          ],
        },
        "Best answer with what I have.",
      ],
      { budgets: { maxSteps: 2 } },
    );
    const result = await run();
    expect(result).toMatchObject({
      stop: "max_steps",
      steps: 2,
      requests: 3,
      answer: "Best answer with what I have.",
    });
    const final = model.requests[2];
    expect(final?.tools).toBeUndefined();
    expect(lastMessage(final)).toEqual({
      role: "user",
      content: answerNowMessage("max_steps", resolveBudgets({ maxSteps: 2 })),
    });
    expect(lastMessage(final)?.content).toMatch(
      /^You have used all 2 tool steps this run allows\. Answer the question now, without tools/,
    );
  });

  it("reports the reply limit when the answer it asked for stopped there, and nothing when an answer was whole", async () => {
    const cut = setup(
      [
        { toolCalls: [{ name: "list_directory_contents", arguments: "{}" }] },
        { text: "It retries in `shouldRetry` because", cutAtLimit: true },
      ],
      { budgets: { maxSteps: 1, answerTokens: 1_500 } },
    );
    expect(await cut.run()).toMatchObject({
      stop: "max_steps",
      answer: "It retries in `shouldRetry` because",
      answerCutAtTokens: 1_500,
    });
    expect(cut.logs).toContainEqual([
      "warn",
      { answerTokens: 1_500 },
      "The model's answer stopped at the reply length limit",
    ]);

    const whole = await setup(["It retries in `shouldRetry`."]).run();
    expect(whole.answerCutAtTokens).toBeUndefined();
  });

  it("stops before a step that would leave the answer no room in the token budget", async () => {
    const { model, run } = setup(
      [
        {
          toolCalls: [
            { name: "read_file_contents", arguments: '{"path":"src/long.ts"}' },
          ],
          usage: { promptTokens: 5_000, completionTokens: 30 },
        },
        "Answer from the first part of the file.",
      ],
      {
        budgets: {
          runTokens: 9_000,
          toolResultTokens: 1_000,
          answerTokens: 500,
        },
      },
    );
    const result = await run();
    expect(result.stop).toBe("token_budget");
    expect(result.toolCalls[0]?.tokens).toBeLessThanOrEqual(1_000);
    expect(model.requests[1]?.tools).toBeUndefined();
    expect(lastMessage(model.requests[1])?.content).toMatch(
      /^This run's token budget \(9,000 tokens\) is nearly spent\. Answer the question now/,
    );
  });

  it("counts tokens with the tokenizer when the server reports none", async () => {
    const { run } = setup(["Short answer."]);
    const result = await run();
    expect(result.tokensUsed).toBeGreaterThan(
      tokenCounter.count("You have askcode."),
    );
    expect(result.tokensUsed).toBeLessThan(2_000);
  });

  it("stops at the wall-time bound, by the clock", async () => {
    const { model, run } = setup(
      [
        {
          toolCalls: [
            { name: "search_repository_code", arguments: '{"query":"retry"}' },
          ],
          afterMs: 61_000,
        },
        "Answer in time.",
      ],
      { budgets: { wallTimeMs: 60_000 } },
    );
    const result = await run();
    expect(result.stop).toBe("wall_time");
    expect(lastMessage(model.requests[1])?.content).toMatch(
      /^This run's time limit \(60 s\) is up\./,
    );
  });

  it("lets a ModelError propagate", async () => {
    const error = new ModelError(
      "The model endpoint at http://m/v1 answered 500 four times.",
    );
    const { run } = setup([
      { toolCalls: [{ name: "list_directory_contents", arguments: {} }] },
      { error },
    ]);
    await expect(run()).rejects.toBe(error);
  });

  it("runs several calls of one reply in order, one step each, and answers those beyond the budget", async () => {
    const { model, run } = setup(
      [
        {
          toolCalls: [
            { name: "list_directory_contents", arguments: {} },
            { name: "read_file_contents", arguments: { path: "README.md" } },
            { name: "read_file_contents", arguments: { path: "src/retry.ts" } },
          ],
        },
        "Answer.",
      ],
      { budgets: { maxSteps: 2 } },
    );
    const result = await run();
    expect(result.toolCalls.map((c) => [c.step, c.name, c.ok])).toEqual([
      [1, "list_directory_contents", true],
      [2, "read_file_contents", true],
      [0, "read_file_contents", false],
    ]);
    expect(result.named).toEqual(["README.md"]);
    expect(model.requests[1]?.messages.slice(-4).map((m) => m.role)).toEqual([
      "tool",
      "tool",
      "tool",
      "user",
    ]);
    expect(model.requests[1]?.messages.at(-2)).toEqual({
      role: "tool",
      toolCallId: "call_3",
      content:
        "Not run: this run allows 2 tool steps and they are spent. Answer with what you have.",
    });
    expect(result.stop).toBe("max_steps");
  });

  it("reports each tool call that takes a step as it starts, with its step and arguments (broken ones as received)", async () => {
    const started: Array<[number, number, string, unknown, number]> = [];
    const { model, run } = setup(
      [
        { toolCalls: [{ name: "read_file_contents", arguments: '{"path": ' }] },
        {
          toolCalls: [
            { name: "search_repository_code", arguments: { query: "retry" } },
            { name: "read_file_contents", arguments: { path: "src/retry.ts" } },
          ],
        },
        "Answer.",
      ],
      {
        budgets: { maxSteps: 2 },
        onToolCall: (call) =>
          started.push([
            call.step,
            call.maxSteps,
            call.name,
            call.arguments,
            // Requests sent so far: the report comes before the call's result goes back.
            model.requests.length,
          ]),
      },
    );
    const result = await run();
    expect(started).toStrictEqual([
      [1, 2, "read_file_contents", '{"path": ', 1],
      [2, 2, "search_repository_code", { query: "retry" }, 2],
    ]);
    // The call beyond the budget was not run, so not reported.
    expect(result.toolCalls.map((c) => c.step)).toStrictEqual([1, 2, 0]);
  });

  it("ignores tool calls in the reply to the request without tools", async () => {
    const { logs, run } = setup(
      [
        { toolCalls: [{ name: "list_directory_contents", arguments: {} }] },
        {
          text: "Final.",
          toolCalls: [{ name: "read_file_contents", arguments: { path: "a" } }],
        },
      ],
      { budgets: { maxSteps: 1 } },
    );
    const result = await run();
    expect(result).toMatchObject({
      answer: "Final.",
      stop: "max_steps",
      requests: 2,
    });
    expect(logs.some(([level]) => level === "warn")).toBe(true);
  });

  it("rejects a budget that is not a positive number", async () => {
    const { run } = setup([], { budgets: { runTokens: -1 } });
    await expect(run()).rejects.toThrow(
      new TypeError(
        "runAgent: budgets.runTokens must be a positive number, received -1.",
      ),
    );
  });
});
