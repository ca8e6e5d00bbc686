import type { TriggerJob } from "./trigger-job.js";

/**
 * Runs one job to its end: it decides, with the repository's config, whether
 * the delivery is a question at all, and if so posts its own answer or its
 * own failure comment.
 */
export type JobRunner = (job: TriggerJob) => Promise<void>;

/**
 * Where webhook handlers put accepted questions. The in-process queue serves
 * one replica; a Redis-backed queue (the same interface) serves several.
 */
export interface JobQueue {
  /**
   * Accepts a job unless its delivery or its trigger was accepted before.
   * Resolves as soon as the job is queued, never when it has run.
   */
  enqueue(job: TriggerJob): Promise<"queued" | "duplicate">;
  /**
   * For a shutdown: no job starts from now on. Each accepted job that has
   * not started, and each accepted later, is cancelled instead (its reply
   * says it was interrupted); running jobs go on to their end.
   */
  stop(): void;
  /** Resolves when every accepted job has finished or been cancelled (tests, graceful shutdown). */
  onIdle(): Promise<void>;
  /** Jobs accepted and not yet finished. */
  readonly pending: number;
}
