import { Counter, type Registry } from "prom-client";

/** What the webhook handler reports: every delivery, and what became of it. */
export interface WebhookMetrics {
  /** A delivery arrived; `event` is "issue_comment.created", "issues.labeled", … */
  received(event: string): void;
  /** The delivery asks nothing of askcode; `reason` is the trigger's ignore reason. */
  ignored(reason: string): void;
  /** The delivery (or its trigger) had been accepted before: no second answer. */
  deduplicated(): void;
}

/**
 * The webhook counters, registered on `registry`. Every label is bounded: the
 * events are the few askcode subscribes to, the reasons the trigger's own.
 *
 * @example
 * const webhooks = createWebhookMetrics(registry);
 * webhooks.received("issue_comment.created");
 */
export function createWebhookMetrics(registry: Registry): WebhookMetrics {
  const received = new Counter({
    name: "askcode_webhooks_received_total",
    help: "Webhook deliveries askcode handled, by event and action.",
    labelNames: ["event"] as const,
    registers: [registry],
  });
  const ignored = new Counter({
    name: "askcode_webhooks_ignored_total",
    help: "Webhook deliveries that asked nothing of askcode, by the reason they were ignored.",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const deduplicated = new Counter({
    name: "askcode_webhooks_deduplicated_total",
    help: "Webhook deliveries dropped because their delivery or trigger was accepted before.",
    registers: [registry],
  });
  return {
    received: (event) => received.inc({ event }),
    ignored: (reason) => ignored.inc({ reason }),
    deduplicated: () => deduplicated.inc(),
  };
}
