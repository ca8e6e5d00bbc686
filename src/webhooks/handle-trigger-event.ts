import type { JobQueue } from "../jobs/job-queue.js";
import type { TriggerJob } from "../question/trigger-job.js";
import type { WebhookMetrics } from "../metrics/webhook-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import { screenTrigger } from "../question/screen-trigger.js";
import type { IgnoreReason } from "../question/trigger-types.js";
import {
  parseTriggerDelivery,
  type DeliveryShapeReason,
} from "./parse-trigger-delivery.js";

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

/** Why the handler drops a delivery: the trigger's reasons, and a payload that cannot ask. */
export type DeliveryIgnoreReason = IgnoreReason | DeliveryShapeReason;

/**
 * The webhook side of a question: read the payload (`parseTriggerDelivery`:
 * a field GitHub left null or out is read or refused there, never a 500),
 * screen the delivery, deduplicate, enqueue, return. GitHub gives a delivery 10 seconds and never redelivers
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
    const parsed = parseTriggerDelivery(context.name, context.payload);
    if (parsed.kind === "unreadable")
      return ignored(parsed.reason, parsed.detail);
    const { facts, ...origin } = parsed.delivery;
    const screened = screenTrigger({
      event: context.name,
      payload: facts,
      missions: deps.missions,
    });
    if (screened.kind === "ignore")
      return ignored(screened.reason, screened.detail);
    const job: TriggerJob = {
      deliveryId: context.id,
      triggerId: screened.triggerId,
      event: context.name,
      ...origin,
      payload: facts,
      receivedAt: deps.now().toISOString(),
    };
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
