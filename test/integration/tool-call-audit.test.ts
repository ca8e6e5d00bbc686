import { jest } from "@jest/globals";
import nock from "nock";
import { Registry } from "prom-client";
import { metricSamples } from "../helpers/metric-samples.js";
import {
  nockAppAuth,
  nockNoConfig,
  nockRepository,
  chatCompletion,
  startAskcode,
  UPLOAD_PY,
  webhookPayload,
} from "./probot-harness.js";

const FILES = { "src/upload.py": UPLOAD_PY };
const LLM = "http://llm.test";

interface LogLine {
  bindings: Record<string, unknown>;
  meta: Record<string, unknown>;
  message: string;
}

describe("the tool-call audit log, through a whole delivery", () => {
  it("logs each tool call once, with the installation and repository of the run, and none of the file's lines", async () => {
    const auth = nockAppAuth();
    nockNoConfig();
    await nockRepository(FILES);
    nock(LLM)
      .post("/v1/chat/completions")
      .reply(
        200,
        chatCompletion({
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: {
                name: "read_file_contents",
                arguments: '{"path": "src/upload.py", "start_line": 3}',
              },
            },
          ],
        }),
      )
      .post("/v1/chat/completions")
      .reply(
        200,
        chatCompletion({
          content: "It gives up in `should_give_up` (`src/upload.py#L3-L6`).",
        }),
      );
    const registry = new Registry();
    const { probot, idle } = await startAskcode(
      { OPENAI_BASE_URL: `${LLM}/v1`, OPENAI_API_KEY: "sk-test" },
      { metrics: registry },
    );
    // The app logs each run through a child of Probot's logger; record what
    // each child is asked to log, with the child's bindings.
    const lines: LogLine[] = [];
    jest.spyOn(probot.log, "child").mockImplementation(((
      bindings: Record<string, unknown>,
    ) => {
      const record =
        (level: string) => (meta: object | string, message?: string) =>
          lines.push({
            bindings: { ...bindings, level },
            meta: typeof meta === "string" ? {} : (meta as LogLine["meta"]),
            message: typeof meta === "string" ? meta : (message ?? ""),
          });
      return {
        info: record("info"),
        warn: record("warn"),
        error: record("error"),
      };
    }) as never);

    await probot.receive({
      id: "delivery-7",
      name: "issue_comment",
      payload: webhookPayload("issue_comment.created.mention"),
    });
    await idle();

    const audit = lines.filter((line) => line.message === "tool call");
    expect(audit).toStrictEqual([
      {
        bindings: {
          installation: 1,
          repository: "Codertocat/Hello-World",
          level: "info",
        },
        meta: {
          tool: "read_file_contents",
          step: 1,
          arguments: { path: "src/upload.py", start_line: 3 },
          ok: true,
          resultTokens: expect.any(Number),
          resultBytes: expect.any(Number),
          durationMs: expect.any(Number),
        },
        message: "tool call",
      },
    ]);
    // The result held the function's lines; the log holds only their size.
    expect(audit[0]!.meta.resultBytes).toBeGreaterThan(100);
    expect(JSON.stringify(lines)).not.toContain("if attempt >= MAX_ATTEMPTS");
    // Two model requests, as the server reported them.
    expect(
      await metricSamples(registry, "askcode_model_tokens_total"),
    ).toStrictEqual([
      'askcode_model_tokens_total{model="gpt-4o",direction="input"} 1800',
      'askcode_model_tokens_total{model="gpt-4o",direction="output"} 120',
    ]);
    // The same tokens by repository, and the answer's total, in /metrics…
    expect(
      await metricSamples(registry, "askcode_repository_model_tokens_total"),
    ).toStrictEqual([
      'askcode_repository_model_tokens_total{repository="Codertocat/Hello-World",direction="input"} 1800',
      'askcode_repository_model_tokens_total{repository="Codertocat/Hello-World",direction="output"} 120',
    ]);
    expect(
      await metricSamples(registry, "askcode_answer_model_tokens"),
    ).toContain("askcode_answer_model_tokens_sum 1920");
    // …and in the line that ends the run, which names its repository.
    expect(
      lines.filter((line) => line.message === "Agent run finished"),
    ).toStrictEqual([
      {
        bindings: {
          installation: 1,
          repository: "Codertocat/Hello-World",
          level: "info",
        },
        meta: {
          stop: "final_answer",
          steps: 2,
          requests: 2,
          tokensUsed: 1920,
          inputTokens: 1800,
          outputTokens: 120,
          toolCalls: 1,
        },
        message: "Agent run finished",
      },
    ]);
    auth.persist(false);
  });
});
