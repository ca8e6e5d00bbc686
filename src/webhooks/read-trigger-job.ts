import type { Mission } from "../missions/mission-schema.js";
import { screenTrigger } from "../question/screen-trigger.js";
import type { TriggerJob } from "../question/trigger-job.js";
import type { IgnoreReason } from "../question/trigger-types.js";
import {
  parseTriggerDelivery,
  type DeliveryShapeReason,
} from "./parse-trigger-delivery.js";

/** Why a delivery is dropped: the trigger's reasons, and a payload that cannot ask. */
export type DeliveryIgnoreReason = IgnoreReason | DeliveryShapeReason;

/** One delivery, as whoever received it names it. */
export interface TriggerDeliveryIn {
  /** The delivery's id (`X-GitHub-Delivery`; the Action's run and attempt). */
  id: string;
  /** The event's name: "issue_comment", "issues", … */
  name: string;
  /** As GitHub sent it, trusted in nothing (`parseTriggerDelivery` reads it). */
  payload: unknown;
}

/**
 * What a delivery asks, from the payload alone: read it
 * (`parseTriggerDelivery`: a field GitHub left null or out is read or
 * refused there), screen it (`screenTrigger`), and make it a job, or say
 * why it asks nothing. No request to GitHub: the webhook's edge
 * (`createTriggerHandler`) and the Action (`src/action/`) both decide here,
 * so an event is a question in the one as in the other.
 *
 * @example
 * readTriggerJob({ id: "d1", name: "issue_comment", payload }, { missions, now })
 * // { kind: "job", job: { triggerId: "comment:1362343011", event: "issue_comment", … } }
 */
export function readTriggerJob(
  delivery: TriggerDeliveryIn,
  deps: { missions: readonly Mission[]; now(): Date },
):
  | { kind: "job"; job: TriggerJob }
  | { kind: "ignore"; reason: DeliveryIgnoreReason; detail: string } {
  const parsed = parseTriggerDelivery(delivery.name, delivery.payload);
  if (parsed.kind === "unreadable")
    return { kind: "ignore", reason: parsed.reason, detail: parsed.detail };
  const { facts, ...origin } = parsed.delivery;
  const screened = screenTrigger({
    event: delivery.name,
    payload: facts,
    missions: deps.missions,
  });
  if (screened.kind === "ignore") return screened;
  return {
    kind: "job",
    job: {
      deliveryId: delivery.id,
      triggerId: screened.triggerId,
      event: delivery.name,
      ...origin,
      payload: facts,
      receivedAt: deps.now().toISOString(),
    },
  };
}
