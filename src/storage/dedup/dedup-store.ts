import type { TriggerJob } from "../../question/trigger-job.js";

/**
 * Remembers which deliveries and triggers were accepted, so none is queued
 * twice: GitHub redelivers a webhook (same delivery id), and a comment can
 * reach askcode twice under two deliveries (same trigger id). One process
 * claims in the embedded store (`createSqliteDedupStore`, inside the job
 * journal's transaction), so a redelivery after a restart is still
 * recognised; replicas share Redis (`createRedisDedupStore`), so a
 * redelivery landing on another replica is too.
 */
export interface DedupStore {
  /**
   * Claims the job's delivery id and trigger id together: "duplicate" when
   * either was claimed before (and neither is claimed anew), "claimed" when
   * both were free (and both are now taken, for the store's TTL).
   */
  claim(job: Pick<TriggerJob, "deliveryId" | "triggerId">): Promise<Claim>;
  /**
   * Gives a claim back, when the job could not be queued after all: GitHub
   * then marks the delivery failed, and its redelivery must not be taken
   * for a duplicate.
   */
  release(job: Pick<TriggerJob, "deliveryId" | "triggerId">): Promise<void>;
}

export type Claim = "claimed" | "duplicate";

/** How long a delivery or trigger id is remembered: GitHub redelivers within hours, not days. */
export const DEFAULT_DEDUP_TTL_MS = 24 * 60 * 60 * 1000;

/** The store's keys for a job, the delivery's first. */
export function dedupKeys(
  job: Pick<TriggerJob, "deliveryId" | "triggerId">,
): [string, string] {
  return [
    `askcode:dedup:delivery:${job.deliveryId}`,
    `askcode:dedup:trigger:${job.triggerId}`,
  ];
}
