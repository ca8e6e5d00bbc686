import { Counter, type Registry } from "prom-client";

/** Replies GitHub would not take: the asker still sees the placeholder. */
export interface ReplyMetrics {
  /**
   * A reply neither edited in nor posted: `retrying` when the run's one
   * late retry is still to come, `gave-up` when that failed too.
   */
  undelivered(stage: "retrying" | "gave-up"): void;
}

/**
 * @example
 * const replies = createReplyMetrics(registry);
 * replies.undelivered("retrying"); // askcode_replies_undelivered_total{stage="retrying"} 1
 */
export function createReplyMetrics(registry: Registry): ReplyMetrics {
  const undelivered = new Counter({
    name: "askcode_replies_undelivered_total",
    help: "Replies GitHub refused to take (the edit and the new comment both failed), by stage: retrying (once, after the run's time) or gave-up.",
    labelNames: ["stage"] as const,
    registers: [registry],
  });
  return { undelivered: (stage) => undelivered.inc({ stage }) };
}
