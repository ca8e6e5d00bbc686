import {
  triggerDeliverySchemas,
  type TriggerDelivery,
} from "./trigger-delivery-schema.js";

/** Why a delivery is dropped before the trigger is screened. */
export type DeliveryShapeReason =
  "unsupported-event" | "no-sender" | "no-installation" | "incomplete-payload";

export interface UnreadableDelivery {
  kind: "unreadable";
  reason: DeliveryShapeReason;
  /** In words, for the log: the field's path, never its value. */
  detail: string;
}

// The two fields whose absence means something of its own: a delivery
// GitHub sent on nobody's behalf, and one sent to a repository's webhook
// rather than to the app (which has no installation to answer as).
const MISSING: Record<string, [DeliveryShapeReason, string]> = {
  sender: ["no-sender", "the payload names no sender"],
  installation: [
    "no-installation",
    "the payload names no installation (a repository webhook, not the app's)",
  ],
};

/**
 * Reads a delivery's payload at the webhook's edge (`triggerDeliverySchemas`):
 * the trigger's facts, well typed, or why the delivery cannot ask anything.
 * A delivery that lacks what askcode needs (a null `comment.id`, no
 * `repository`) is never an error: GitHub would redeliver a 500, and the
 * same payload would fail again. A null text is no text, not a fault.
 *
 * @example
 * parseTriggerDelivery("issue_comment", payload) // comment.body null
 * // { kind: "delivery", delivery: { …, facts: { comment: { body: "", … } } } }
 * parseTriggerDelivery("issue_comment", { ...payload, comment: { body: "hi" } })
 * // { kind: "unreadable", reason: "incomplete-payload",
 * //   detail: "the payload has no usable comment.id" }
 */
export function parseTriggerDelivery(
  event: string,
  payload: unknown,
): { kind: "delivery"; delivery: TriggerDelivery } | UnreadableDelivery {
  const schema = Object.hasOwn(triggerDeliverySchemas, event)
    ? triggerDeliverySchemas[event as keyof typeof triggerDeliverySchemas]
    : undefined;
  if (!schema)
    return {
      kind: "unreadable",
      reason: "unsupported-event",
      detail: `askcode does not act on ${event} events`,
    };
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { kind: "delivery", delivery: parsed.data };
  const path = parsed.error.issues[0]?.path.map(String) ?? [];
  const [reason, detail] = MISSING[path[0] ?? ""] ?? [
    "incomplete-payload",
    path.length > 0
      ? `the payload has no usable ${path.join(".")}`
      : "the payload is not an object",
  ];
  return { kind: "unreadable", reason, detail };
}
