import { Registry } from "prom-client";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import { createMemoryJobJournal } from "../../helpers/memory-job-journal.js";
import { countJobQueue } from "../../../src/jobs/count-job-queue.js";
import { createQuestionMetrics } from "../../../src/metrics/question-metrics.js";
import { createWebhookMetrics } from "../../../src/metrics/webhook-metrics.js";
import { metricSamples } from "../../helpers/metric-samples.js";
import { triggerJob } from "../../helpers/trigger-job.js";

const job = (deliveryId: string, triggerId: string, repo = "hello-world") =>
  triggerJob({ deliveryId, triggerId, repo });

describe("countJobQueue", () => {
  it("counts queued questions by repository and redeliveries as deduplicated, and passes the queue's answers on", async () => {
    const registry = new Registry();
    const ran: string[] = [];
    const queue = countJobQueue(
      createInProcessQueue({
        journal: createMemoryJobJournal(),
        run: async (j) => void ran.push(j.deliveryId),
        cancel: async () => {},
        log: { error: () => {} },
      }),
      {
        questions: createQuestionMetrics(registry),
        webhooks: createWebhookMetrics(registry),
      },
    );

    expect(await queue.enqueue(job("d-1", "comment:1"))).toBe("queued");
    expect(queue.pending).toBe(1);
    // The same delivery again, and the same comment in a new delivery.
    expect(await queue.enqueue(job("d-1", "comment:1"))).toBe("duplicate");
    expect(await queue.enqueue(job("d-2", "comment:1"))).toBe("duplicate");
    expect(await queue.enqueue(job("d-3", "comment:3", "other"))).toBe(
      "queued",
    );
    await queue.onIdle();

    expect(ran).toStrictEqual(["d-1", "d-3"]);
    expect(queue.pending).toBe(0);
    expect(
      await metricSamples(registry, "askcode_questions_queued_total"),
    ).toStrictEqual([
      'askcode_questions_queued_total{repository="octo-org/hello-world"} 1',
      'askcode_questions_queued_total{repository="octo-org/other"} 1',
    ]);
    expect(
      await metricSamples(registry, "askcode_webhooks_deduplicated_total"),
    ).toStrictEqual(["askcode_webhooks_deduplicated_total 2"]);
  });
});
