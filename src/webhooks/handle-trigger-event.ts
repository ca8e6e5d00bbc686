import type { JobQueue } from "../jobs/job-queue.js";
import type { TriggerJob } from "../jobs/trigger-job.js";
import type { WebhookMetrics } from "../metrics/webhook-metrics.js";
import type { Mission } from "../missions/mission-schema.js";
import {
  discussionTrigger,
  type DiscussionPayload,
} from "../trigger/discussion-trigger.js";
import {
  reviewCommentTrigger,
  type ReviewCommentPayload,
} from "../trigger/review-comment-trigger.js";
import { screenTrigger } from "../trigger/screen-trigger.js";
import { triggerFacts } from "../trigger/trigger-facts.js";
import type { IgnoreReason, TriggerPayload } from "../trigger/trigger-types.js";

/** The part of Probot's `Context` a trigger handler reads. */
export interface TriggerContext {
  id: string;
  name: string;
  payload: Omit<TriggerPayload, "sender" | "issue"> & {
    /** Absent from some deliveries GitHub documents as always having it: never trusted. */
    sender?: TriggerPayload["sender"];
    installation?: { id: number };
    repository: { name: string; owner: { login: string }; html_url: string };
    /** `issues` and `issue_comment`: the issue (or pull request) asked in. */
    issue?: TriggerPayload["issue"] & { number: number };
    /** `pull_request_review_comment`: the pull request, in place of an issue. */
    pull_request?: ReviewCommentPayload["pull_request"];
    /** `discussion` and `discussion_comment`: the discussion, in place of an issue. */
    discussion?: DiscussionPayload["discussion"];
  };
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
export type DeliveryIgnoreReason =
  IgnoreReason | "no-sender" | "no-installation";

/**
 * The webhook side of a question: screen the delivery, deduplicate,
 * enqueue, return. GitHub gives a delivery 10 seconds and never redelivers
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
    const { payload } = context;
    deps.metrics?.received(`${context.name}.${payload.action ?? ""}`);
    const ignored = (reason: DeliveryIgnoreReason, detail: string) => {
      deps.metrics?.ignored(reason);
      context.log.info({ reason }, `askcode ignores this event: ${detail}`);
    };
    const { sender, installation } = payload;
    if (!sender) return ignored("no-sender", "the payload names no sender");
    if (!installation)
      return ignored(
        "no-installation",
        "the payload names no installation (a repository webhook, not the app's)",
      );
    // A review comment has its pull request where other events have an issue.
    // The event's name says which payload GitHub sent.
    // A discussion (or a comment in one) has its discussion there instead.
    const facts =
      context.name === "pull_request_review_comment"
        ? payload.pull_request &&
          reviewCommentTrigger({
            ...payload,
            sender,
          } as unknown as ReviewCommentPayload)
        : context.name === "discussion" || context.name === "discussion_comment"
          ? payload.discussion &&
            discussionTrigger({
              ...payload,
              sender,
            } as unknown as DiscussionPayload)
          : payload.issue &&
            triggerFacts({ ...payload, sender, issue: payload.issue });
    const issueNumber =
      facts?.reviewComment?.pullNumber ??
      facts?.discussion?.number ??
      payload.issue?.number;
    if (!facts || issueNumber === undefined)
      return ignored(
        "unsupported-event",
        `${context.name}.${payload.action ?? ""} names no issue, pull request or discussion`,
      );
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
      installationId: installation.id,
      owner: payload.repository.owner.login,
      repo: payload.repository.name,
      htmlUrl: payload.repository.html_url,
      issueNumber,
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
