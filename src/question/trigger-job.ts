import type { TriggerPayload } from "./trigger-types.js";

/**
 * A delivery the webhook handler accepted: plain data, so a queue can hold
 * it in memory or in Redis and another replica can run it. It carries the
 * event as it came (the trigger's facts, trimmed to what the trigger
 * decision reads) and where it came from, because the config-dependent
 * decision (the repository's `handle`, `enabled`, who may ask, which
 * missions run) is the worker's: reading `.github/askcode.yml` is a request
 * to GitHub, which a webhook response must not wait for. Nothing here is a
 * credential: the worker authenticates as `installationId` itself.
 */
export interface TriggerJob {
  /** `X-GitHub-Delivery` of the webhook that asked. */
  deliveryId: string;
  /**
   * What asked, independent of the delivery: the same comment (or labelled
   * issue) never gets a second answer, even if GitHub or a user redelivers it.
   */
  triggerId: string;
  /** The webhook event's name: "issue_comment" or "issues". */
  event: string;
  installationId: number;
  /**
   * `repository.id`, which a rename keeps: what answers are kept under.
   * Absent on jobs queued before it was recorded.
   */
  repositoryId?: number;
  owner: string;
  repo: string;
  /**
   * The repository's page, from the webhook (`repository.html_url`): its
   * host is the one answers link to (github.com, or a GitHub Enterprise Server).
   */
  htmlUrl: string;
  issueNumber: number;
  /** The fields of the payload the trigger decision reads. */
  payload: TriggerPayload;
  /** ISO time the webhook was received. */
  receivedAt: string;
}
