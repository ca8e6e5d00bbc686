import type { QuestionJob } from "./question-job.js";

/** Runs one job to its end; it posts its own answer or its own failure comment. */
export type JobRunner = (job: QuestionJob) => Promise<void>;

/**
 * Where webhook handlers put accepted questions. The in-process queue serves
 * one replica; a Redis-backed queue (the same interface) serves several.
 */
export interface JobQueue {
  /**
   * Accepts a job unless its delivery or its trigger was accepted before.
   * Resolves as soon as the job is queued, never when it has run.
   */
  enqueue(job: QuestionJob): Promise<"queued" | "duplicate">;
  /** Resolves when every accepted job has finished (tests, graceful shutdown). */
  onIdle(): Promise<void>;
  /** Jobs accepted and not yet finished. */
  readonly pending: number;
}
