import type { AskResult } from "../../../src/cli/ask-result.js";
import { runAsk } from "../../../src/cli/run-ask.js";
import { defaultRepoConfig } from "../../../src/config/parse-repo-config.js";
import type { RunMetrics } from "../../../src/metrics/run-metrics.js";
import { resolveRunSettings } from "../../../src/missions/resolve-run-settings.js";
import { buildContext } from "../../../src/retrieval/build-context.js";
import { answerQuestion } from "../../../src/run/answer-question.js";
import { createTokenCounter } from "../../../src/tokens/create-token-counter.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { memoryRunAt } from "../../helpers/memory-run-at.js";
import { createScriptedChatModel } from "../../helpers/scripted-chat-model.js";
import {
  git,
  makeTempDir,
  removeDir,
  writeFiles,
} from "../../helpers/temp-repo.js";

const QUESTION = "where do we decide to retry a failed upload?";
const CONTEXT_BUDGET = 1000;
const FILES: Record<string, string> = {
  "src/upload.ts": `/** Decides whether a failed upload is tried again. */
export function shouldRetryUpload(status: number, attempt: number): boolean {
  if (attempt >= MAX_ATTEMPTS) return false;
  return status === 429 || status >= 500;
}

const MAX_ATTEMPTS = 5;
`,
  // Far more matching code than the budget holds, so what is packed depends on the budget.
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `src/uploads/region-${i}.ts`,
      Array.from(
        { length: 30 },
        (_, n) =>
          `/** Whether to retry a failed upload to region ${i}, bucket ${n}. */\nexport function retryUpload${i}x${n}(failed: boolean): boolean { return failed && ${n} < ${i}; }`,
      ).join("\n") + "\n",
    ]),
  ),
};

/** The tokens of code the bot packs for QUESTION with `budgets.context` at CONTEXT_BUDGET. */
async function botPacked(withModel: boolean): Promise<number> {
  const packed: number[] = [];
  const metrics: RunMetrics = {
    contextPacked: (tokens) => packed.push(tokens),
    modelTokens: () => {},
    forRepository: () => ({ modelTokens: () => {} }),
    answerTokens: () => {},
    budgetRemaining: () => {},
    installationSpendUsd: () => {},
  };
  await answerQuestion({
    repository: {
      at: memoryRunAt("6dcb09b5b57875f334f61aebed695e2e4193db5e", FILES, {
        budgets: { ...defaultRepoConfig().budgets, context: CONTEXT_BUDGET },
      }),
      excludePaths: [],
      maxRepositoryBytes: 10_000_000,
    },
    asked: {
      question: QUESTION,
      asker: "asker",
      issue: { number: 1, title: "", body: "", comments: [] },
    },
    settings: resolveRunSettings(defaultRepoConfig(), {
      model: "gpt-4o",
      contextWindow: 128_000,
    }),
    services: {
      model: withModel
        ? createScriptedChatModel(["`shouldRetryUpload` decides."])
        : undefined,
      tokenCounter: createTokenCounter({ model: "gpt-4o" }),
      clock: createFakeClock(),
      log: { info: () => {}, warn: () => {} },
      progress: async () => {},
      metrics,
    },
  });
  expect(packed).toHaveLength(1);
  return packed[0]!;
}

describe("one context budget packs the same code in the bot and in askcode ask", () => {
  let repo: string;
  beforeAll(() => {
    repo = makeTempDir();
    writeFiles(repo, FILES);
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
  });
  afterAll(() => removeDir(repo));

  it("packs the same tokens for the same budgets and no model", async () => {
    const budgets: number[] = [];
    const out: string[] = [];
    await runAsk(
      [QUESTION, "--repo", repo, "--budget", String(CONTEXT_BUDGET), "--json"],
      { cwd: "/", stdout: { write: (text: string) => out.push(text) } },
      {
        buildContext: (input) => {
          budgets.push(input.budget);
          return buildContext(input);
        },
      },
    );
    const cli = (JSON.parse(out.join("")) as AskResult).packing;

    // The CLI packs to the context budget itself, and it binds: the repository is larger.
    expect(budgets).toStrictEqual([CONTEXT_BUDGET]);
    expect(cli.mode).toBe("ranked-chunks");
    expect(cli.tokensUsed).toBeLessThanOrEqual(CONTEXT_BUDGET);
    expect(cli.tokensUsed).toBeGreaterThan(CONTEXT_BUDGET * 0.6);
    expect(await botPacked(false)).toBe(cli.tokensUsed);
  });

  it("packs the code into its share of the budget when a model reads it", async () => {
    const withModel = await botPacked(true);
    expect(withModel).toBeLessThanOrEqual(CONTEXT_BUDGET * 0.6);
    expect(withModel).toBeLessThan(await botPacked(false));
  });
});
