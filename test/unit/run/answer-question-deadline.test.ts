import nock from "nock";
import { APIUserAbortError } from "openai";
import { ModelOutOfTimeError } from "../../../src/agent/model-out-of-time-error.js";
import { createOpenAIChatModel } from "../../../src/agent/openai-chat-model.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { holdReplies } from "../../helpers/held-reply.js";
import { memoryRunAt } from "../../helpers/memory-run-at.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const MODELS = "http://models.test";
const FILES = {
  "src/retry.ts":
    "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
};

describe("answerQuestion with a model that never answers", () => {
  afterEach(() => nock.cleanAll());

  it("ends at wall_time_seconds with the retrieval answer and a note, the request in flight aborted and no other started", async () => {
    const clock = createFakeClock();
    const started = clock.now();
    const held = holdReplies({});
    const scope = nock(MODELS)
      .post("/v1/chat/completions")
      .times(4)
      .reply(200, held.reply);
    // As seen in production: 120 s per attempt, three retries.
    const model = createOpenAIChatModel({
      baseURL: `${MODELS}/v1`,
      model: "gpt-4o",
      timeoutMs: 120_000,
      maxRetries: 3,
      clock,
      random: () => 0,
    });
    const settings = resolveRunSettings(defaultRepoConfig(), {
      model: "gpt-4o",
      contextWindow: 128_000,
    });
    expect(settings.budgets.wall_time_seconds).toBe(180);
    const warnings: Array<{ meta: object; message: string }> = [];

    const answering = answerQuestion({
      repository: {
        at: memoryRunAt(SHA, FILES, { budgets: settings.budgets }),
        excludePaths: [],
        maxRepositoryBytes: 10_000_000,
      },
      asked: {
        question: "@askcode when are requests retried?",
        asker: "asker",
        issue: { number: 1, title: "Retries", body: "", comments: [] },
      },
      settings,
      services: {
        model,
        tokenCounter: createTokenCounter({ model: "gpt-4o" }),
        clock,
        log: {
          info: () => {},
          warn: (meta, message) => warnings.push({ meta, message }),
        },
        progress: async () => {},
      },
    });
    await held.arrived(1);
    clock.advance(120_000); // the first attempt times out; the retry waits 1 s
    await held.arrived(2);
    clock.advance(59_000); // 180 s since the run started: the deadline

    const rendered = await answering;
    expect(clock.now() - started).toBe(180_000);
    expect(rendered.body).toMatch(
      /^askcode's model did not answer within this repository's time budget \(`wall_time_seconds`: 180\), so this answer comes from a search of the code alone\.\n\nHere is what a search of the code at/,
    );
    expect(rendered.body).toContain("src/retry.ts");
    // The second request was aborted at the deadline (the server never answered it) …
    const error = (warnings[0]?.meta as { err?: unknown }).err;
    expect(error).toBeInstanceOf(ModelOutOfTimeError);
    expect((error as Error).cause).toBeInstanceOf(APIUserAbortError);
    // … and none was started after it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.count).toBe(2);
    expect(scope.pendingMocks()).toHaveLength(1);
    held.release();
  });
});
