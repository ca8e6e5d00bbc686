import { readFileSync } from "node:fs";
import type { Context } from "probot";
import type { DiscussionPayload } from "../../../src/webhooks/discussion-trigger.js";
import type { ReviewCommentPayload } from "../../../src/webhooks/review-comment-trigger.js";
import type { TriggerPayload } from "../../../src/question/trigger-types.js";

/** The webhook fixtures (test/fixtures/webhooks/README.md says where each comes from). */
export type WebhookFixture =
  | "issue_comment.created"
  | "issue_comment.created.mention"
  | "issue_comment.created.bot"
  | "issue_comment.edited"
  | "issue_comment.deleted"
  | "issues.opened"
  | "issues.opened.mention"
  | "issues.labeled"
  | "issues.labeled.triage"
  | "pull_request_review_comment.created"
  | "pull_request_review_comment.created.mention"
  | "pull_request_review_comment.created.bot"
  | "pull_request_review_comment.edited.mention"
  | "pull_request_review_comment.deleted"
  | "discussion.created.mention"
  | "discussion.edited.mention"
  | "discussion.labeled.triage"
  | "discussion_comment.created"
  | "discussion_comment.created.mention"
  | "discussion_comment.created.bot"
  | "discussion_comment.edited.mention"
  | "discussion_comment.deleted"
  | "push";

/** A fresh copy of a fixture payload, for a test to change as its case needs. */
export function loadWebhook(name: WebhookFixture): TriggerPayload {
  return JSON.parse(
    readFileSync(
      new URL(`../../fixtures/webhooks/${name}.json`, import.meta.url),
      "utf8",
    ),
  ) as TriggerPayload;
}

/** A `pull_request_review_comment` fixture: it has a pull request where the others have an issue. */
export function loadReviewCommentWebhook(
  name: WebhookFixture & `pull_request_review_comment.${string}`,
): ReviewCommentPayload {
  return loadWebhook(name) as unknown as ReviewCommentPayload;
}

/** A `discussion` or `discussion_comment` fixture: it has a discussion where the others have an issue. */
export function loadDiscussionWebhook(
  name: WebhookFixture & `discussion${string}`,
): DiscussionPayload {
  return loadWebhook(name) as unknown as DiscussionPayload;
}

// Compile-time proof that Probot hands decideTrigger what it needs as it is:
// `npm run typecheck` fails here if TriggerPayload asks for more.
export const probotPayloadsFit = {
  comment: (p: Context<"issue_comment">["payload"]): TriggerPayload => p,
  issues: (p: Context<"issues">["payload"]): TriggerPayload => p,
  reviewComment: (
    p: Context<"pull_request_review_comment">["payload"],
  ): ReviewCommentPayload => p,
  // The actions askcode subscribes to (some others may lack a sender).
  discussionCreated: (
    p: Context<"discussion.created">["payload"],
  ): DiscussionPayload => p,
  discussionLabeled: (
    p: Context<"discussion.labeled">["payload"],
  ): DiscussionPayload => p,
  discussionComment: (
    p: Context<"discussion_comment.created">["payload"],
  ): DiscussionPayload => p,
};
