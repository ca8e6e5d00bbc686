import type { TriggerJob } from "../../src/question/trigger-job.js";
import { loadWebhook } from "../unit/webhooks/webhook-fixture.js";

/**
 * A delivery the webhook handler accepted: the mention comment of
 * test/fixtures/webhooks on octo-org/hello-world#1, with the fields a test changes.
 */
export function triggerJob(overrides: Partial<TriggerJob> = {}): TriggerJob {
  return {
    deliveryId: "d-1",
    triggerId: "comment:492700400",
    event: "issue_comment",
    installationId: 1,
    repositoryId: 1296269,
    owner: "octo-org",
    repo: "hello-world",
    htmlUrl: "https://github.com/octo-org/hello-world",
    issueNumber: 1,
    payload: loadWebhook("issue_comment.created.mention"),
    receivedAt: "2026-11-22T00:00:00Z",
    ...overrides,
  };
}
