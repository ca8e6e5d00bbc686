import { readFileSync } from "node:fs";
import type { Context } from "probot";
import type { TriggerPayload } from "../../../src/trigger/trigger-types.js";

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
  | "issues.labeled.triage";

/** A fresh copy of a fixture payload, for a test to change as its case needs. */
export function loadWebhook(name: WebhookFixture): TriggerPayload {
  return JSON.parse(
    readFileSync(
      new URL(`../../fixtures/webhooks/${name}.json`, import.meta.url),
      "utf8",
    ),
  ) as TriggerPayload;
}

// Compile-time proof that Probot hands decideTrigger what it needs as it is:
// `npm run typecheck` fails here if TriggerPayload asks for more.
export const probotPayloadsFit = {
  comment: (p: Context<"issue_comment">["payload"]): TriggerPayload => p,
  issues: (p: Context<"issues">["payload"]): TriggerPayload => p,
};
