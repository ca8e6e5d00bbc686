import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { modelCostUsd, type ModelPrice } from "../shared/model-cost.js";

/** Tokens of one model request: prompt (input) and reply (output). */
export interface ModelTokens {
  input: number;
  output: number;
}

/** What one run spends: the code context it packed and the model's tokens. */
export interface RunMetrics {
  /** Tokens of code packed into the first message (the packing report's `tokensUsed`). */
  contextPacked(tokens: number): void;
  /** One model request: tokens as the server reported them, else as we counted them. */
  modelTokens(model: string, tokens: ModelTokens): void;
  /**
   * `modelTokens` for the runs of one repository ("owner/repo"): each request
   * counted by model, as `modelTokens` does, and by repository, so what a
   * repository costs shows even for runs that fail halfway.
   */
  forRepository(repository: string): Pick<RunMetrics, "modelTokens">;
  /** The tokens one answer's run spent in all, once it ends. */
  answerTokens(tokens: number): void;
  /** What one answer's model tokens cost one installation, in US dollars (at the operator's price). */
  installationSpendUsd(installation: string, usd: number): void;
  /**
   * What is left of a model-token budget (`ASKCODE_TOKENS_PER_*`), as of
   * the last run this process counted against it (0 once spent).
   */
  budgetRemaining(
    budget: { scope: string; name: string; period: string },
    tokens: number,
  ): void;
}

// Packed context per question: a few hundred tokens for a small repository,
// up to a large model's whole window.
const CONTEXT_BUCKETS = [
  250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000,
];
// A run's tokens: one request with a small context, up to a large budget
// spent over many steps (budgets.run defaults to 64,000).
const ANSWER_BUCKETS = [
  2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000,
  1_000_000,
];

/**
 * The token metrics, registered on `registry`. The model label holds the
 * names the operator's endpoint answered to, and the repository label the
 * installations' repositories, so both stay bounded; the per-answer
 * histogram has no label, so its series stay few (a repository's tokens
 * per answer: its token counter over its answered and failed questions).
 *
 * @example
 * const run = createRunMetrics(registry);
 * run.forRepository("octo/app").modelTokens("gpt-4o", { input: 900, output: 60 });
 * // askcode_model_tokens_total{model="gpt-4o",direction="input"} 900
 * // askcode_repository_model_tokens_total{repository="octo/app",direction="input"} 900
 * // askcode_repository_model_spend_usd_total{repository="octo/app"} 0.00285 (with gpt-4o at 2.5/10)
 */
export function createRunMetrics(
  registry: Registry,
  prices: Readonly<Record<string, ModelPrice>> = {},
): RunMetrics {
  const context = new Histogram({
    name: "askcode_context_packed_tokens",
    help: "Tokens of code packed into a question's first message.",
    buckets: CONTEXT_BUCKETS,
    registers: [registry],
  });
  const tokens = new Counter({
    name: "askcode_model_tokens_total",
    help: "Tokens sent to (input) and received from (output) the model, as the server reported them, else as askcode counted them.",
    labelNames: ["model", "direction"] as const,
    registers: [registry],
  });
  const byRepository = new Counter({
    name: "askcode_repository_model_tokens_total",
    help: "The model tokens of askcode_model_tokens_total, by the repository whose question spent them.",
    labelNames: ["repository", "direction"] as const,
    registers: [registry],
  });
  const remaining = new Gauge({
    name: "askcode_model_budget_remaining_tokens",
    help: "Model tokens left of a day's or month's budget, per installation or repository, as of the last run this process counted against it.",
    labelNames: ["scope", "name", "period"] as const,
    registers: [registry],
  });
  const spendUsd = new Counter({
    name: "askcode_repository_model_spend_usd_total",
    help: "What the model tokens of askcode_repository_model_tokens_total cost, in US dollars, at the operator's prices (ASKCODE_MODEL_PRICES); models without a price are not counted.",
    labelNames: ["repository"] as const,
    registers: [registry],
  });
  const installationUsd = new Counter({
    name: "askcode_installation_model_spend_usd_total",
    help: "What the model tokens of an installation's answers cost, in US dollars, at the operator's prices (ASKCODE_MODEL_PRICES); models without a price are not counted.",
    labelNames: ["installation"] as const,
    registers: [registry],
  });
  const perAnswer = new Histogram({
    name: "askcode_answer_model_tokens",
    help: "Model tokens (input plus output of every request) one answer's run spent.",
    buckets: ANSWER_BUCKETS,
    registers: [registry],
  });
  const modelTokens = (model: string, used: ModelTokens) => {
    tokens.inc({ model, direction: "input" }, used.input);
    tokens.inc({ model, direction: "output" }, used.output);
  };
  return {
    contextPacked: (packed) => context.observe(packed),
    modelTokens,
    forRepository: (repository) => ({
      modelTokens: (model, used) => {
        modelTokens(model, used);
        byRepository.inc({ repository, direction: "input" }, used.input);
        byRepository.inc({ repository, direction: "output" }, used.output);
        const price = prices[model];
        if (price)
          spendUsd.inc(
            { repository },
            modelCostUsd(used.input, used.output, price),
          );
      },
    }),
    answerTokens: (spent) => perAnswer.observe(spent),
    installationSpendUsd: (installation, usd) =>
      installationUsd.inc({ installation }, usd),
    budgetRemaining: ({ scope, name, period }, tokens) =>
      remaining.set({ scope, name, period }, Math.max(0, tokens)),
  };
}
