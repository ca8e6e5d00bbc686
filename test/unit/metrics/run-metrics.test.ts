import { Registry } from "prom-client";
import { createRunMetrics } from "../../../src/metrics/run-metrics.js";
import { metricSamples } from "../../helpers/metric-samples.js";

describe("createRunMetrics", () => {
  it("counts each request's tokens by model and by the repository that spent them, once each", async () => {
    const registry = new Registry();
    const run = createRunMetrics(registry);
    const app = run.forRepository("octo/app");
    app.modelTokens("gpt-4o", { input: 900, output: 60 });
    app.modelTokens("gpt-4o", { input: 1_100, output: 40 });
    run.forRepository("octo/docs").modelTokens("gpt-4o-mini", {
      input: 300,
      output: 20,
    });
    run.answerTokens(2_100);
    run.answerTokens(320);

    expect(
      await metricSamples(registry, "askcode_model_tokens_total"),
    ).toStrictEqual([
      'askcode_model_tokens_total{model="gpt-4o",direction="input"} 2000',
      'askcode_model_tokens_total{model="gpt-4o",direction="output"} 100',
      'askcode_model_tokens_total{model="gpt-4o-mini",direction="input"} 300',
      'askcode_model_tokens_total{model="gpt-4o-mini",direction="output"} 20',
    ]);
    expect(
      await metricSamples(registry, "askcode_repository_model_tokens_total"),
    ).toStrictEqual([
      'askcode_repository_model_tokens_total{repository="octo/app",direction="input"} 2000',
      'askcode_repository_model_tokens_total{repository="octo/app",direction="output"} 100',
      'askcode_repository_model_tokens_total{repository="octo/docs",direction="input"} 300',
      'askcode_repository_model_tokens_total{repository="octo/docs",direction="output"} 20',
    ]);
    const answers = await metricSamples(
      registry,
      "askcode_answer_model_tokens",
    );
    expect(answers).toContain(
      'askcode_answer_model_tokens_bucket{le="2000"} 1',
    );
    expect(answers).toContain(
      'askcode_answer_model_tokens_bucket{le="4000"} 2',
    );
    expect(answers).toContain("askcode_answer_model_tokens_sum 2420");
    expect(answers).toContain("askcode_answer_model_tokens_count 2");
  });

  it("counts the money each repository's model tokens cost at the operator's prices, and none for a model without one", async () => {
    const registry = new Registry();
    const run = createRunMetrics(registry, {
      "gpt-4o": { input: 2.5, output: 10 },
    });
    run
      .forRepository("octo/app")
      .modelTokens("gpt-4o", { input: 10_000, output: 1_000 });
    run
      .forRepository("octo/docs")
      .modelTokens("local-llama", { input: 10_000, output: 1_000 });

    expect(
      await metricSamples(registry, "askcode_repository_model_spend_usd_total"),
    ).toStrictEqual([
      'askcode_repository_model_spend_usd_total{repository="octo/app"} 0.035',
    ]);
  });
});
