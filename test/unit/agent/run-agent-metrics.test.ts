import { Registry } from "prom-client";
import { runAgent } from "../../../src/agent/run-agent.js";
import { createRunMetrics } from "../../../src/metrics/run-metrics.js";
import type { AgentTool } from "../../../src/tools/tool.js";
import { createFakeClock, type FakeClock } from "../../helpers/fake-clock.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import {
  createScriptedChatModel,
  type ScriptedReply,
} from "../../helpers/scripted-chat-model.js";
import {
  FILES,
  setupTools,
  tokenCounter,
} from "../tools/code-tools-fixture.js";

/** The fixture's tools; reading a file takes 250 ms of the fake clock. */
function slowReadTools(clock: FakeClock): AgentTool[] {
  return setupTools().tools.map((tool) =>
    tool.name === "read_file_contents"
      ? {
          ...tool,
          execute: async (args, ctx) => {
            clock.advance(250);
            return tool.execute(args, ctx);
          },
        }
      : tool,
  );
}

async function run(replies: ScriptedReply[]) {
  const clock = createFakeClock();
  const registry = new Registry();
  const model = createScriptedChatModel(replies, { clock, name: "gpt-4o" });
  const lines: Array<{ meta: Record<string, unknown>; message: string }> = [];
  const result = await runAgent({
    model,
    tools: slowReadTools(clock),
    systemPrompt: "You are askcode.",
    firstMessage: "Question: when does shouldRetry give up?",
    tokenCounter,
    clock,
    log: {
      info: (meta, message) =>
        lines.push({ meta: meta as Record<string, unknown>, message }),
      warn: (meta, message) =>
        lines.push({ meta: meta as Record<string, unknown>, message }),
    },
    metrics: createRunMetrics(registry),
  });
  return { result, registry, model, lines };
}

describe("runAgent's token metrics", () => {
  it("counts the tokens each response reports, by model and direction", async () => {
    const { registry } = await run([
      {
        toolCalls: [
          { name: "search_repository_code", arguments: '{"query":"retry"}' },
        ],
        usage: { promptTokens: 900, completionTokens: 20 },
      },
      {
        text: "It gives up at MAX_ATTEMPTS (src/retry.ts#L2-L2).",
        usage: { promptTokens: 1_300, completionTokens: 40 },
      },
    ]);

    expect(
      await metricSamples(registry, "askcode_model_tokens_total"),
    ).toStrictEqual([
      'askcode_model_tokens_total{model="gpt-4o",direction="input"} 2200',
      'askcode_model_tokens_total{model="gpt-4o",direction="output"} 60',
    ]);
  });

  it("counts what the loop counted when a server reports no usage, the same tokens the run charged", async () => {
    const { registry, result } = await run([
      {
        toolCalls: [
          { name: "search_repository_code", arguments: '{"query":"retry"}' },
        ],
      },
      "It gives up at MAX_ATTEMPTS (src/retry.ts#L2-L2).",
    ]);

    const json = await registry.getMetricsAsJSON();
    const values = json.find(
      (m) => m.name === "askcode_model_tokens_total",
    )!.values;
    const input = values.find((v) => v.labels.direction === "input")!.value;
    const output = values.find((v) => v.labels.direction === "output")!.value;
    // The first message alone is dozens of tokens; each answer a few.
    expect(input).toBeGreaterThan(40);
    expect(output).toBeGreaterThan(5);
    expect(input + output).toBe(result.tokensUsed);
  });
});

describe("runAgent's tool-call audit log", () => {
  it("logs one line per tool call with its arguments, result size and duration, and never the file's contents", async () => {
    const longQuery = "shouldRetry ".repeat(50);
    const { result, lines, model } = await run([
      {
        toolCalls: [
          {
            name: "read_file_contents",
            arguments: { path: "src/retry.ts", start_line: 1, end_line: 6 },
          },
          {
            name: "search_repository_code",
            arguments: JSON.stringify({ query: longQuery }),
          },
          { name: "run_shell", arguments: '{"cmd":"cat .env"}' },
        ],
        usage: { promptTokens: 900, completionTokens: 20 },
      },
      {
        text: "It gives up at MAX_ATTEMPTS (src/retry.ts#L2-L2).",
        usage: { promptTokens: 1_300, completionTokens: 40 },
      },
    ]);

    const audit = lines.filter((line) => line.message === "tool call");
    const results = model.requests[1]!.messages.filter(
      (m) => m.role === "tool",
    );
    expect(audit.map((line) => line.meta)).toStrictEqual([
      {
        tool: "read_file_contents",
        step: 1,
        arguments: { path: "src/retry.ts", start_line: 1, end_line: 6 },
        ok: true,
        resultTokens: result.toolCalls[0]!.tokens,
        resultBytes: Buffer.byteLength(results[0]!.content),
        durationMs: 250,
      },
      {
        tool: "search_repository_code",
        step: 2,
        arguments: {
          query: `${longQuery.slice(0, 200)}… (${longQuery.length} characters)`,
        },
        ok: true,
        resultTokens: result.toolCalls[1]!.tokens,
        resultBytes: Buffer.byteLength(results[1]!.content),
        durationMs: 0,
      },
      {
        tool: "run_shell",
        step: 3,
        arguments: { cmd: "cat .env" },
        ok: false,
        resultTokens: result.toolCalls[2]!.tokens,
        resultBytes: Buffer.byteLength(results[2]!.content),
        durationMs: 0,
      },
    ]);
    // The model read the file; the log did not.
    expect(results[0]!.content).toContain("return status === 429");
    const logged = JSON.stringify(lines);
    const code = (FILES["src/retry.ts"] as string)
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length > 10);
    expect(code).toHaveLength(4);
    for (const line of code) expect(logged).not.toContain(line);
  });
});
