import type { JobQueue } from "./job-queue.js";
import type { QuestionMetrics } from "../metrics/question-metrics.js";
import type { WebhookMetrics } from "../metrics/webhook-metrics.js";

/**
 * A `JobQueue` that counts what `enqueue` decided: a question queued (by
 * repository), or a delivery deduplicated. Any queue fits underneath, the
 * in-process one or one shared by replicas.
 *
 * @example
 * const queue = countJobQueue(createInProcessQueue({ run, cancel, log }), metrics);
 */
export function countJobQueue(
  queue: JobQueue,
  metrics: {
    questions: Pick<QuestionMetrics, "queued">;
    webhooks: Pick<WebhookMetrics, "deduplicated">;
  },
): JobQueue {
  return {
    get pending() {
      return queue.pending;
    },
    resumes: queue.resumes,
    onIdle: () => queue.onIdle(),
    stop: () => queue.stop(),
    close: () => queue.close(),
    async enqueue(job) {
      const result = await queue.enqueue(job);
      if (result === "queued")
        metrics.questions.queued(`${job.owner}/${job.repo}`);
      else metrics.webhooks.deduplicated();
      return result;
    },
  };
}
