import { memorySqliteDatabase } from "../../helpers/memory-sqlite-database.js";
import type { ChatModel } from "../../../src/agent/chat-model.js";
import type { CodeHost } from "../../../src/code-host/code-host.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { SpendCeilings } from "../../../src/config/operator-config.js";
import { createRedisSpendLedger } from "../../../src/storage/spend-ledger/redis-spend-ledger.js";
import type { SpendLedger } from "../../../src/storage/spend-ledger/spend-ledger.js";
import { createSqliteSpendLedger } from "../../../src/storage/spend-ledger/sqlite-spend-ledger.js";
import { Registry } from "prom-client";
import { createRunMetrics } from "../../../src/metrics/run-metrics.js";
import { runQuestion } from "../../../src/run/run-question.js";
import { ModelError } from "../../../src/shared/errors.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { createFakeClock, type FakeClock } from "../../helpers/fake-clock.js";
import { memoryCodeHost } from "../../helpers/memory-code-host.js";
import { questionJob } from "../../helpers/question-job.js";
import { recordingComments } from "../../helpers/recording-comments.js";
import { retrievalRunDeps } from "../../helpers/retrieval-run-deps.js";
import {
  createScriptedChatModel,
  type ScriptedReply,
} from "../../helpers/scripted-chat-model.js";
import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";
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
// An answer that spends 20,000 tokens, as the server reports them.
const MODEL_ANSWER: ScriptedReply = {
  text: "It gives up after `MAX_ATTEMPTS` (`src/retry.py#L1-L1`).",
  usage: { promptTokens: 15_000, completionTokens: 5_000 },
};
// A step that reads the file again, as a model that wants more does.
const READ_AGAIN: ScriptedReply = {
  toolCalls: [
    { name: "read_file_contents", arguments: '{"path":"src/retry.py"}' },
  ],
  usage: { promptTokens: 4_000, completionTokens: 100 },
};

let redis: TestRedis;
beforeAll(async () => (redis = await startTestRedis()));
afterAll(() => redis.stop());
beforeEach(() => redis.flush());

const sqliteLedger = (clock: FakeClock) =>
  createSqliteSpendLedger({ db: memorySqliteDatabase(), clock });
const redisLedger = (clock: FakeClock) =>
  createRedisSpendLedger({ redis: redis.client(), clock });

/**
 * One process's questions against one ledger, each answered by the model
 * `ask` is given (default: one answer of 20,000 tokens). `settled` lists
 * the tokens each run settled its hold with.
 */
function setup(
  ceilings: SpendCeilings,
  options: {
    tokensPerDay?: number;
    run?: number;
    ledger?: (clock: FakeClock) => SpendLedger;
  } = {},
) {
  const clock = createFakeClock(START);
  const ledger = (options.ledger ?? sqliteLedger)(clock);
  const settled: number[] = [];
  const counting: SpendLedger = {
    reserve: (...args) => ledger.reserve(...args),
    settle: (hold, tokens) => {
      settled.push(tokens);
      return ledger.settle(hold, tokens);
    },
  };
  const registry = new Registry();
  const metrics = createRunMetrics(registry);
  let n = 0;
  const ask = async (
    script: readonly ScriptedReply[] | ChatModel = [MODEL_ANSWER],
    codeHost: CodeHost = memoryCodeHost(SHA, FILES),
  ) => {
    const id = ++n;
    const { comments, bodies } = recordingComments({ title: "Retries" });
    const scripted = Array.isArray(script)
      ? createScriptedChatModel(script)
      : undefined;
    const model = scripted ?? (script as ChatModel);
    const config = defaultRepoConfig();
    await runQuestion(
      questionJob({
        triggerId: `comment:${id}`,
        task: { kind: "question", question: "where does the retry give up?" },
        config: {
          ...config,
          limits: {
            ...config.limits,
            ...(options.tokensPerDay !== undefined && {
              tokens_per_day: options.tokensPerDay,
            }),
          },
          budgets: {
            ...config.budgets,
            ...(options.run !== undefined && { run: options.run }),
          },
        },
      }),
      retrievalRunDeps({
        clientsFor: async (job) => ({
          conversation: testConversation(job, comments),
          codeHost,
        }),
        modelFor: () => model,
        clock,
        spend: { ledger: counting, ceilings },
        metrics,
        operator: {
          model: "gpt-4o",
          contextWindow: 128_000,
          snapshotMaxBytes: 10_000_000,
          modelPrices: { "gpt-4o": { input: 2.5, output: 10 } },
        },
      }),
    );
    return { reply: bodies.at(-1) ?? "", asked: scripted?.requests.length };
  };
  return { ask, clock, registry, settled };
}

describe("the model-token budgets", () => {
  it("answer from retrieval alone once the repository's day is spent, say so once, and give the model back when the day renews", async () => {
    const { ask, clock, registry } = setup({
      ...NONE,
      repositoryPerDay: 40_000,
    });

    const first = await ask();
    // 15,000 × $2.50 + 5,000 × $10 per million tokens.
    expect(
      await metricSamples(
        registry,
        "askcode_installation_model_spend_usd_total",
      ),
    ).toStrictEqual([
      'askcode_installation_model_spend_usd_total{installation="1"} 0.0875',
    ]);
    expect(
      await metricSamples(registry, "askcode_model_budget_remaining_tokens"),
    ).toStrictEqual([
      'askcode_model_budget_remaining_tokens{scope="repository",name="octo-org/hello-world",period="day"} 20000',
    ]);
    const second = await ask();
    // 40,000 tokens counted: the day's 40,000 are spent.
    const third = await ask();
    const fourth = await ask();

    expect([
      first.asked,
      second.asked,
      third.asked,
      fourth.asked,
    ]).toStrictEqual([1, 1, 0, 0]);
    expect(first.reply).toContain("gpt-4o · 20,000 tokens · $0.087 · ");
    expect(third.reply).toMatch(
      /^This repository's model budget for today \(40,000 tokens, UTC\) is spent, so this answer comes from a search of the code alone\. It renews at 2026-11-28 00:00 UTC\./,
    );
    expect(third.reply).toContain("retrieval only, no model");
    expect(fourth.reply).not.toContain("model budget");
    expect(fourth.reply).toContain("retrieval only, no model");

    clock.advance(Date.parse("2026-11-28T00:00:00Z") - START);
    expect((await ask()).asked).toBe(1);
  });

  it("let a repository lower the operator's ceiling, never raise it, and say so in the config note", async () => {
    const lowered = setup(
      { ...NONE, repositoryPerDay: 100_000 },
      {
        tokensPerDay: 30_000,
      },
    );
    await lowered.ask();
    const short = await lowered.ask();
    expect(short.asked).toBe(0);
    // 10,000 left is less than a run's first request and answer need (16,600).
    expect(short.reply).toMatch(
      /^This repository's model budget for today \(30,000 tokens, UTC\) has 10,000 tokens left, too few for an answer from the model, so this answer comes from a search of the code alone\. It renews at 2026-11-28 00:00 UTC\./,
    );

    const raised = setup(
      { ...NONE, repositoryPerDay: 30_000 },
      {
        tokensPerDay: 100_000,
      },
    );
    const { reply } = await raised.ask();
    expect(reply).toContain(
      "`limits.tokens_per_day: 100000` is more than this askcode allows (ASKCODE_TOKENS_PER_REPOSITORY_PER_DAY=30000)",
    );
    expect((await raised.ask()).asked).toBe(0);
  });

  it("count an installation's questions across its repositories' month", async () => {
    const { ask } = setup({ ...NONE, installationPerMonth: 20_000 });

    expect((await ask()).asked).toBe(1);
    const { reply, asked } = await ask();
    expect(asked).toBe(0);
    expect(reply).toMatch(
      /^This installation's model budget for this month \(20,000 tokens, UTC\) is spent, .* It renews at 2026-12-01 00:00 UTC\./,
    );
  });

  it("cut a run that wants more than the day has left there, and answer with what it read", async () => {
    const { ask, settled } = setup({ ...NONE, repositoryPerDay: 40_000 });
    await ask();

    // A model that reads the file again whenever it may, at 4,100 tokens a
    // request: its own budget (300,000) would let it take all 8 steps.
    const model = greedyModel();
    const { reply } = await ask(model);

    // Three reads, then the answer the loop asked for: 4 × 4,100, where a
    // fourth read would have left the answer too little of the 20,000.
    expect(model.asked).toStrictEqual(["tools", "tools", "tools", "answer"]);
    expect(settled).toStrictEqual([20_000, 16_400]);
    expect(reply).toContain("It gives up after `MAX_ATTEMPTS`");
  });

  it("count what a run spent before its model failed, and give the rest of its hold back", async () => {
    const { ask, settled } = setup({ ...NONE, repositoryPerDay: 40_000 });

    const { asked } = await ask([
      READ_AGAIN,
      { error: new ModelError("the model's endpoint answered 500") },
    ]);

    expect(asked).toBe(2);
    expect(settled).toStrictEqual([4_100]);
    // 35,900 left: the next run holds all of it.
    expect((await ask()).asked).toBe(1);
    expect(settled).toStrictEqual([4_100, 20_000]);
  });
});

/**
 * A model that wants more: it reads the file again whenever it is offered
 * tools, and answers only when asked without them (the loop's "answer
 * now"); each request costs 4,100 tokens. `asked` says which each was.
 */
function greedyModel(): ChatModel & { asked: Array<"tools" | "answer"> } {
  const asked: Array<"tools" | "answer"> = [];
  const usage = { promptTokens: 4_000, completionTokens: 100 };
  return {
    name: "gpt-4o",
    asked,
    async complete(request) {
      if (!request.tools) {
        asked.push("answer");
        return {
          message: {
            content: "It gives up after `MAX_ATTEMPTS` (`src/retry.py#L1-L1`).",
            toolCalls: [],
          },
          usage,
        };
      }
      asked.push("tools");
      const id = `call_${asked.length}`;
      return {
        message: {
          content: null,
          toolCalls: [
            {
              id,
              name: "read_file_contents",
              arguments: '{"path":"src/retry.py"}',
            },
          ],
        },
        usage,
      };
    },
  };
}

it("a run that fails before it asks the model gives its hold back", async () => {
  const { ask, settled } = setup({ ...NONE, repositoryPerDay: 20_000 });
  const host = memoryCodeHost(SHA, FILES);

  const failed = await ask([MODEL_ANSWER], {
    ...host,
    resolveRef: async () => {
      throw new Error("the code host is down");
    },
  });

  expect(failed.asked).toBe(0);
  expect(settled).toStrictEqual([0]);
  // The whole day is there for the next question.
  expect((await ask()).asked).toBe(1);
});

describe.each([
  ["embedded store", sqliteLedger],
  ["Redis", redisLedger],
])("runs at once against the %s's ledger", (_name, ledger) => {
  it("never spend together more than the day's budget", async () => {
    // Each run may spend 20,000 and its model spends 20,000: of the day's
    // 50,000, two runs are granted 20,000 and the 10,000 left is too little.
    const { ask, settled } = setup(
      { ...NONE, repositoryPerDay: 50_000 },
      { run: 20_000, ledger },
    );

    const runs = await Promise.all([ask(), ask(), ask(), ask()]);

    expect(runs.map((r) => r.asked).sort()).toStrictEqual([0, 0, 1, 1]);
    expect(settled.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50_000);
    const refused = runs.filter((r) => r.asked === 0).map((r) => r.reply);
    expect(refused[0]).toMatch(
      /^This repository's model budget for today \(50,000 tokens, UTC\) is held by answers still being written \(40,000 tokens\), so this answer comes from a search of the code alone\./,
    );
  });
});
