import { z } from "zod";
import {
  discussionTrigger,
  type DiscussionPayload,
} from "./discussion-trigger.js";
import { reviewCommentTrigger } from "./review-comment-trigger.js";
import { triggerFacts } from "./trigger-facts.js";
import type { TriggerPayload } from "../question/trigger-types.js";

/**
 * What a delivery that may ask askcode something tells, once checked: where
 * it came from, and the trigger's facts, well typed. Everything after the
 * webhook's edge reads this, never the raw payload.
 */
export interface TriggerDelivery {
  installationId: number;
  /** `repository.id`: what the repository stays when it is renamed or moved. */
  repositoryId: number;
  owner: string;
  repo: string;
  /** `repository.html_url`: its host is the one answers link to. */
  htmlUrl: string;
  /** The issue, pull request or discussion asked in. */
  issueNumber: number;
  facts: TriggerPayload;
}

// GitHub's schemas call some of these fields required, yet GitHub sends
// them null (`comment.body`, for a comment saved with no text), and call
// others nullable. Each field read here takes one of four readings, so
// nothing past this file meets a null:
// - text (a title, a body): null or absent is no text, so no mention in it;
// - who someone is to the repository (`author_association`): unknown is
//   "NONE", the least trust GitHub names, so it can never let someone ask
//   whom a real association would not;
// - a detail (locked, state, a label, a review comment's line, side and
//   thread, a discussion comment's parent): null is absent, and absent
//   reads as GitHub's default (not locked, open, no label, RIGHT, top level);
// - what identifies the delivery, its subject or where to reply (ids,
//   numbers, node ids, logins, the repository, a review comment's path,
//   hunk and commit): required; without it the delivery is ignored, with
//   the field's path.
// https://docs.github.com/en/webhooks/webhook-events-and-payloads
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);
const association = z
  .string()
  .nullish()
  .transform((value) => value ?? "NONE");

/** The fields every trigger delivery is read for, whatever its event. */
const envelope = {
  action: optional(z.string()),
  sender: z.object({ login: z.string(), type: z.string() }),
  installation: z.object({ id: z.number() }),
  repository: z.object({
    id: z.number(),
    name: z.string(),
    owner: z.object({ login: z.string() }),
    html_url: z.string(),
  }),
};

/** An issue's fields the trigger reads, which a pull request and a discussion have too. */
const subject = {
  id: z.number(),
  number: z.number(),
  title: text,
  body: nullableText,
  // Absent or null is not locked: a lock found later is checked before 👀.
  locked: optional(z.boolean()),
  state: optional(z.string()),
  author_association: association,
  // A deleted account's issue has `user: null` (GitHub's "ghost").
  user: z
    .object({ login: z.string() })
    .nullish()
    .transform((user) => user ?? null),
  updated_at: optional(z.string()),
  // Which labels a new issue came with decides whether it is answered unasked.
  labels: optional(z.array(z.object({ name: z.string() }).nullable())),
};

const comment = {
  id: z.number(),
  body: text,
  author_association: association,
};

// A `labeled` delivery without one is the trigger's to turn away.
const label = optional(z.object({ name: z.string() }));

type Envelope = z.output<z.ZodObject<typeof envelope>>;

/** Where a delivery came from, in the job's terms. */
function origin(payload: Envelope, issueNumber: number) {
  return {
    installationId: payload.installation.id,
    repositoryId: payload.repository.id,
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    htmlUrl: payload.repository.html_url,
    issueNumber,
  };
}

// An issue's events (a pull request's conversation included) come in the
// trigger's own shape.
const issue = z.object({
  ...subject,
  // Only its presence counts: the issue is a pull request.
  pull_request: z.unknown().optional(),
});

function fromIssue(
  payload: Envelope & TriggerPayload & { issue: { number: number } },
): TriggerDelivery {
  return {
    ...origin(payload, payload.issue.number),
    facts: triggerFacts(payload),
  };
}

const reviewCommentDelivery = z
  .object({
    ...envelope,
    pull_request: z.object(subject),
    comment: z.object({
      ...comment,
      path: z.string(),
      // Null when GitHub can no longer place the comment (outdated).
      line: z.number().nullish(),
      side: z.string().nullish(),
      diff_hunk: z.string(),
      commit_id: z.string(),
      in_reply_to_id: optional(z.number()),
    }),
  })
  .transform((payload): TriggerDelivery => ({
    ...origin(payload, payload.pull_request.number),
    facts: reviewCommentTrigger(payload),
  }));

const discussion = z.object({
  ...subject,
  node_id: z.string(),
  // `unasked.discussions` names the categories askcode answers in unasked.
  category: optional(
    z.object({ name: text, slug: optional(z.string()) }),
  ).transform((category) => ({
    name: category?.name ?? "",
    ...(category?.slug !== undefined && { slug: category.slug }),
  })),
});

function fromDiscussion(
  payload: Envelope & DiscussionPayload,
): TriggerDelivery {
  return {
    ...origin(payload, payload.discussion.number),
    facts: discussionTrigger(payload),
  };
}

/**
 * Each event askcode subscribes to, by name (`context.name`), and how its
 * payload is read into a `TriggerDelivery`.
 *
 * @example
 * triggerDeliverySchemas.issue_comment.safeParse(context.payload)
 * // { success: true, data: { installationId: 1, owner: "Codertocat", …,
 * //   facts: { comment: { id: 492700400, body: "@askcode …", … }, … } } }
 */
export const triggerDeliverySchemas = {
  issue_comment: z
    .object({ ...envelope, issue, comment: z.object(comment) })
    .transform(fromIssue),
  issues: z.object({ ...envelope, issue, label }).transform(fromIssue),
  pull_request_review_comment: reviewCommentDelivery,
  discussion: z
    .object({ ...envelope, discussion, label })
    .transform(fromDiscussion),
  discussion_comment: z
    .object({
      ...envelope,
      discussion,
      comment: z.object({
        ...comment,
        node_id: z.string(),
        // Null on a top-level comment; a reply names the comment it answers.
        parent_id: z.number().nullish(),
      }),
    })
    .transform(fromDiscussion),
} satisfies Record<string, z.ZodType<TriggerDelivery>>;
