import { triggerFacts } from "./trigger-facts.js";
import type { TriggerPayload } from "../question/trigger-types.js";

/**
 * The fields of a `discussion` or `discussion_comment` delivery askcode reads.
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#discussion
 * https://docs.github.com/en/webhooks/webhook-events-and-payloads#discussion_comment
 */
export interface DiscussionPayload {
  action?: string;
  sender: TriggerPayload["sender"];
  /** The fields an issue's trigger reads, which a discussion has too. */
  discussion: Omit<TriggerPayload["issue"], "pull_request"> & {
    number: number;
    node_id: string;
    category: { name: string; slug?: string };
  };
  /** `discussion_comment` only. */
  comment?: NonNullable<TriggerPayload["comment"]> & {
    node_id: string;
    parent_id?: number | null;
  };
  /** `discussion.labeled` only. */
  label?: { name: string };
}

/**
 * A question in a discussion, as the trigger's facts: the discussion stands
 * where an issue is (its title, body, author, lock and state), the comment
 * where an issue comment is, and its GraphQL handles as `discussion`.
 * Everything downstream then decides it as a mention in an issue (or a
 * mission label on one), except where it reacts and replies (the
 * discussion, through GraphQL). Only the fields read are kept: a job is
 * plain data a shared queue holds.
 *
 * @example
 * discussionTrigger(payload).discussion
 * // { number: 90, nodeId: "MDEwOkRpc2N1c3Npb24zMjk3NDQy", category: "General",
 * //   comment: { nodeId: "MDE3OkRpc2N1c3Npb25Db21tZW50NTQ0MDc4" } }
 */
export function discussionTrigger(payload: DiscussionPayload): TriggerPayload {
  const { discussion, comment } = payload;
  return {
    ...triggerFacts({
      action: payload.action,
      sender: payload.sender,
      issue: discussion,
      ...(comment ? { comment } : {}),
      ...(payload.label ? { label: payload.label } : {}),
    }),
    discussion: {
      number: discussion.number,
      nodeId: discussion.node_id,
      category: discussion.category.name,
      ...(discussion.category.slug !== undefined && {
        categorySlug: discussion.category.slug,
      }),
      ...(comment
        ? {
            comment: {
              nodeId: comment.node_id,
              // GitHub threads one level deep: a reply names its top-level comment.
              ...(typeof comment.parent_id === "number"
                ? { parentId: comment.parent_id }
                : {}),
            },
          }
        : {}),
    },
  };
}
