import { Counter, Histogram, type Registry } from "prom-client";

/** What one run spends: the code context it packed and the model's tokens. */
export interface RunMetrics {
  /** Tokens of code packed into the first message (the packing report's `tokensUsed`). */
  contextPacked(tokens: number): void;
  /** One model request: tokens as the server reported them, else as we counted them. */
  modelTokens(model: string, tokens: { input: number; output: number }): void;
}

// Packed context per question: a few hundred tokens for a small repository,
// up to a large model's whole window.
const CONTEXT_BUCKETS = [
  250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000,
];

/**
 * The token metrics, registered on `registry`. The model label holds the
 * names the operator's endpoint answered to, so it stays bounded.
 *
 * @example
 * const run = createRunMetrics(registry);
 * run.modelTokens("gpt-4o", { input: 900, output: 60 });
 */
export function createRunMetrics(registry: Registry): RunMetrics {
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
  return {
    contextPacked: (packed) => context.observe(packed),
    modelTokens: (model, used) => {
      tokens.inc({ model, direction: "input" }, used.input);
      tokens.inc({ model, direction: "output" }, used.output);
    },
  };
}
