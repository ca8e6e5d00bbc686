import type { WebhookMetrics } from "../metrics/webhook-metrics.js";
import type { PushWatch } from "../watch/push-watch.js";
import { parsePushDelivery } from "./parse-push-delivery.js";
import type { TriggerContext } from "./handle-trigger-event.js";

/**
 * The webhook side of the staleness watch: a `push` is read
 * (`parsePushDelivery`) and, when it moved the default branch, queued for
 * the watch, which checks it after the delivery was answered. Any other
 * push is logged once with why it is ignored.
 */
export function createPushHandler(deps: {
  pushes: Pick<PushWatch, "watch">;
  metrics?: Pick<WebhookMetrics, "received" | "ignored">;
}) {
  return async function handlePushEvent(
    context: Pick<TriggerContext, "id" | "payload" | "log">,
  ): Promise<void> {
    deps.metrics?.received("push");
    const parsed = parsePushDelivery(context.payload, context.id);
    if (parsed.kind === "ignored") {
      deps.metrics?.ignored(parsed.reason);
      context.log.info(
        { reason: parsed.reason },
        `askcode ignores this push: ${parsed.detail}`,
      );
      return;
    }
    deps.pushes.watch(parsed.push);
  };
}
