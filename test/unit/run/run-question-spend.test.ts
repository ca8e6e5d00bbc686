import { DatabaseSync } from "node:sqlite";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { SpendCeilings } from "../../../src/config/operator-config.js";
import { createSqliteSpendLedger } from "../../../src/limits/sqlite-spend-ledger.js";
import { Registry } from "prom-client";
import { createRunMetrics } from "../../../src/metrics/run-metrics.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";
import { testConversation } from "../../helpers/test-conversation.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
const FILES = {
  "src/retry.py":
    "MAX_ATTEMPTS = 5\n\ndef should_give_up(attempt, status):\n    return attempt >= MAX_ATTEMPTS\n",
};
// 20:00 UTC: the day's budget renews four hours later.
const START = Date.parse("2026-11-27T20:00:00Z");
const NONE: SpendCeilings = {
  installationPerDay: undefined,
  installationPerMonth: undefined,
  repositoryPerDay: undefined,
  repositoryPerMonth: undefined,
};
const MODEL_ANSWER = {
  text: "It gives up after `MAX_ATTEMPTS` (`src/retry.py#L1-L1`).",
  usage: { promptTokens: 900, completionTokens: 300 },
};

/** One process's questions against one ledger, each answered by a model that spends 1,200 tokens. */
function setup(ceilings: SpendCeilings, tokensPerDay?: number) {
  const clock = createFakeClock(START);
  const ledger = createSqliteSpendLedger({
    db: new DatabaseSync(":memory:"),
    clock,
  });
  const registry = new Registry();
  const metrics = createRunMetrics(registry);
  let n = 0;
  const ask = async () => {
    n++;
    const { comments, bodies } = recordingComments({ title: "Retries" });
    const model = createScriptedChatModel([MODEL_ANSWER]);
    await runQuestion(
      questionJob({
        triggerId: `comment:${n}`,
        task: { kind: "question", question: "where does the retry give up?" },
        config: {
          ...defaultRepoConfig(),
          limits: {
            ...defaultRepoConfig().limits,
            ...(tokensPerDay !== undefined && { tokens_per_day: tokensPerDay }),
          },
        },
      }),
      retrievalRunDeps({
        clientsFor: async (job) => ({
          conversation: testConversation(job, comments),
          codeHost: memoryCodeHost(SHA, FILES),
        }),
        modelFor: () => model,
        clock,
        spend: { ledger, ceilings },
        metrics,
        operator: {
          model: "gpt-4o",
          contextWindow: 128_000,
          snapshotMaxBytes: 10_000_000,
          modelPrices: { "gpt-4o": { input: 2.5, output: 10 } },
        },
      }),
    );
    return { reply: bodies.at(-1) ?? "", asked: model.requests.length };
  };
  return { ask, clock, registry };
}

describe("the model-token budgets", () => {
  it("answer from retrieval alone once the repository's day is spent, say so once, and give the model back when the day renews", async () => {
    const { ask, clock, registry } = setup({
      ...NONE,
      repositoryPerDay: 2_000,
    });

    const first = await ask();
    // 900 × $2.50 + 300 × $10 per million tokens.
    expect(
      await metricSamples(
        registry,
        "askcode_installation_model_spend_usd_total",
      ),
    ).toStrictEqual([
      'askcode_installation_model_spend_usd_total{installation="1"} 0.00525',
    ]);
    expect(
      await metricSamples(registry, "askcode_model_budget_remaining_tokens"),
    ).toStrictEqual([
      'askcode_model_budget_remaining_tokens{scope="repository",name="octo-org/hello-world",period="day"} 800',
    ]);
    const second = await ask();
    // 2,400 tokens counted: the day's 2,000 are spent.
    const third = await ask();
    const fourth = await ask();

    expect([
      first.asked,
      second.asked,
      third.asked,
      fourth.asked,
    ]).toStrictEqual([1, 1, 0, 0]);
    // 900 prompt and 300 reply tokens at $2.50 and $10 per million.
    expect(first.reply).toContain("gpt-4o · 1,200 tokens · $0.005 · ");
    expect(third.reply).toMatch(
      /^This repository's model budget for today \(2,000 tokens, UTC\) is spent, so this answer comes from a search of the code alone\. It renews at 2026-11-28 00:00 UTC\./,
    );
    expect(third.reply).toContain("retrieval only, no model");
    expect(fourth.reply).not.toContain("model budget");
    expect(fourth.reply).toContain("retrieval only, no model");

    clock.advance(Date.parse("2026-11-28T00:00:00Z") - START);
    expect((await ask()).asked).toBe(1);
  });

  it("let a repository lower the operator's ceiling, never raise it, and say so in the config note", async () => {
    const lowered = setup({ ...NONE, repositoryPerDay: 100_000 }, 1_000);
    await lowered.ask();
    expect((await lowered.ask()).asked).toBe(0);

    const raised = setup({ ...NONE, repositoryPerDay: 1_000 }, 100_000);
    const { reply } = await raised.ask();
    expect(reply).toContain(
      "`limits.tokens_per_day: 100000` is more than this askcode allows (ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY=1000)",
    );
    expect((await raised.ask()).asked).toBe(0);
  });

  it("count an installation's questions across its repositories' month", async () => {
    const { ask } = setup({ ...NONE, installationPerMonth: 1_000 });

    expect((await ask()).asked).toBe(1);
    const { reply, asked } = await ask();
    expect(asked).toBe(0);
    expect(reply).toMatch(
      /^This installation's model budget for this month \(1,000 tokens, UTC\) is spent, .* It renews at 2026-12-01 00:00 UTC\./,
    );
  });
});
