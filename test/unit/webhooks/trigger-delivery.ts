import type { JobQueue } from "../../../src/jobs/job-queue.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import type { TriggerContext } from "../../../src/webhooks/handle-trigger-event.js";
import { loadWebhook, type WebhookFixture } from "./webhook-fixture.js";

/** A queue that keeps what it is given, deduplicating by delivery and trigger as the real ones do. */
export function recordingQueue() {
  const jobs: TriggerJob[] = [];
  const seen = new Set<string>();
  const queue: JobQueue = {
    pending: 0,
    resumes: false,
    stop: () => {},
    onIdle: async () => {},
    close: async () => {},
    async enqueue(job) {
      const keys = [`d:${job.deliveryId}`, `t:${job.triggerId}`];
      if (keys.some((key) => seen.has(key))) return "duplicate";
      keys.forEach((key) => seen.add(key));
      jobs.push(job);
      return "queued";
    },
  };
  return { queue, jobs };
}

/**
 * Probot's context for one delivery of a fixture, the payload (to change as
 * a case needs) and the lines its logger got. It has no Octokit and no
 * `config`: the handler has no way to reach GitHub.
 */
export function delivery(id: string, fixture: WebhookFixture) {
  const lines: Array<{ meta: object; message: string }> = [];
  const payload = loadWebhook(fixture) as ReturnType<typeof loadWebhook> & {
    installation?: { id: number } | null;
  } & Record<string, unknown>;
  // The examples were sent to a repository webhook; an app's deliveries name their installation.
  payload.installation ??= { id: 1 };
  const context: TriggerContext = {
    id,
    name: fixture.split(".")[0]!,
    payload,
    log: { info: (meta, message) => lines.push({ meta, message }) },
  };
  return { context, payload, lines };
}
