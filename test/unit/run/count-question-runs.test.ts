import { Registry } from "prom-client";
import type { QuestionJob } from "../../../src/question/question-job.js";
import { countQuestionRuns } from "../../../src/run/count-question-runs.js";
import { createQuestionMetrics } from "../../../src/metrics/question-metrics.js";
import type { QuestionOutcome } from "../../../src/run/question-outcome.js";
import { ModelError } from "../../../src/shared/errors.js";
import { createFakeClock } from "../../helpers/fake-clock.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { questionJob } from "../../helpers/question-job.js";

const START = 1_700_000_000_000;

const job = (overrides: Partial<QuestionJob> = {}) =>
  questionJob({ receivedAt: new Date(START).toISOString(), ...overrides });

/** A run that ends when the test says, with the outcome (or error) the test gives. */
function controlledRun() {
  const ends: Array<(end: () => QuestionOutcome) => void> = [];
  const run = (_job: QuestionJob) =>
    new Promise<QuestionOutcome>((resolve, reject) =>
      ends.push((end) => {
        try {
          resolve(end());
        } catch (error) {
          reject(error);
        }
      }),
    );
  return { run, ends };
}

describe("countQuestionRuns", () => {
  it("counts running jobs, answers with their latency from the webhook, and failures by reason", async () => {
    const registry = new Registry();
    const clock = createFakeClock(START);
    const { run, ends } = controlledRun();
    const runner = countQuestionRuns(
      createQuestionMetrics(registry),
      clock,
      run,
    );

    const first = runner(job());
    const second = runner(job({ repo: "other", deliveryId: "d-2" }));
    const third = runner(job({ deliveryId: "d-3" }));
    expect(
      await metricSamples(registry, "askcode_questions_running"),
    ).toStrictEqual(["askcode_questions_running 3"]);

    clock.advance(12_500);
    ends[0]!(() => ({ kind: "answered" }));
    await first;
    ends[1]!(() => ({ kind: "failed", reason: "model-rate-limited" }));
    await second;
    ends[2]!(() => {
      throw new ModelError("The model endpoint answered 503");
    });
    await expect(third).rejects.toThrow("The model endpoint answered 503");

    expect(
      await metricSamples(registry, "askcode_questions_running"),
    ).toStrictEqual(["askcode_questions_running 0"]);
    expect(
      await metricSamples(registry, "askcode_questions_answered_total"),
    ).toStrictEqual([
      'askcode_questions_answered_total{repository="octo-org/hello-world"} 1',
    ]);
    expect(
      await metricSamples(registry, "askcode_questions_failed_total"),
    ).toStrictEqual([
      'askcode_questions_failed_total{repository="octo-org/other",reason="model-rate-limited"} 1',
      'askcode_questions_failed_total{repository="octo-org/hello-world",reason="model-unavailable"} 1',
    ]);
    const latency = await metricSamples(
      registry,
      "askcode_answer_latency_seconds",
    );
    expect(latency).toContain(
      'askcode_answer_latency_seconds_bucket{le="10"} 0',
    );
    expect(latency).toContain(
      'askcode_answer_latency_seconds_bucket{le="20"} 1',
    );
    expect(latency).toContain("askcode_answer_latency_seconds_sum 12.5");
    expect(latency).toContain("askcode_answer_latency_seconds_count 1");
  });
});
