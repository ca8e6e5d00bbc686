import type { JobQueue } from "../jobs/job-queue.js";
import type { WebhookMetrics } from "../metrics/webhook-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import {
  readTriggerJob,
  type DeliveryIgnoreReason,
} from "./read-trigger-job.js";

/** The part of Probot's `Context` a trigger handler reads. */
export interface TriggerContext {
  id: string;
  name: string;
  /**
   * As GitHub sent it, trusted in nothing: any field may be null or absent,
   * whatever GitHub's schema says (`parseTriggerDelivery` reads it).
   */
  payload: unknown;
  log: { info(meta: object, message: string): void };
}

export interface TriggerHandlerDeps {
  queue: JobQueue;
  missions: readonly Mission[];
  now(): Date;
  /** Counts deliveries and ignore reasons (none: not counted). */
  metrics?: Pick<WebhookMetrics, "received" | "ignored">;
}

/**
 * The webhook side of a question: read and screen the payload
 * (`readTriggerJob`: a field GitHub left null or out is read or refused
 * there, never a 500), deduplicate, enqueue, return. GitHub gives a delivery 10 seconds and never redelivers
 * by itself, so nothing here touches GitHub: reading the repository's
 * config (which may fail or crawl), the 👀 reaction and every comment are
 * the worker's (`src/run/accept-trigger.ts`). What is decided here is what
 * the payload alone tells (`screenTrigger`): a mention of anyone passes,
 * since which handle counts is the repository's config to say.
 * https://docs.github.com/en/webhooks/using-webhooks/best-practices-for-using-webhooks#respond-within-10-seconds
 *
 * Every delivery dropped here is logged once with its reason.
 */
export function createTriggerHandler(deps: TriggerHandlerDeps) {
  return async function handleTriggerEvent(
    context: TriggerContext,
  ): Promise<void> {
    const action = actionOf(context.payload);
    deps.metrics?.received(`${context.name}.${action}`);
    const ignored = (reason: DeliveryIgnoreReason, detail: string) => {
      deps.metrics?.ignored(reason);
      context.log.info({ reason }, `askcode ignores this event: ${detail}`);
    };
    const read = readTriggerJob(context, {
      missions: deps.missions,
      now: deps.now,
    });
    if (read.kind === "ignore") return ignored(read.reason, read.detail);
    const { job } = read;
    if ((await deps.queue.enqueue(job)) === "duplicate")
      context.log.info(
        { triggerId: job.triggerId },
        "askcode already has this question",
      );
  };
}

// For the received counter, before the payload is read: any string GitHub
// sent (Probot routed the delivery by it), else none.
function actionOf(payload: unknown): string {
  const action = (payload as { action?: unknown } | null)?.action;
  return typeof action === "string" ? action : "";
}
