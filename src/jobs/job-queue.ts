import type { TriggerJob } from "../question/trigger-job.js";

/**
 * One attempt at a job. A queue that retries (Redis) runs a job again after
 * a failure that may pass, or on another replica after its worker died; the
 * attempt tells the run where the earlier attempt's comment is, so the
 * asker sees one comment edited into the answer, never two.
 */
export interface JobAttempt {
  /** The comment an earlier attempt posted; undefined when none did. */
  readonly commentId: number | undefined;
  /** Records this attempt's comment in the job, for any later attempt. */
  rememberComment(commentId: number): Promise<void>;
  /**
   * No attempt follows if this one fails: it must leave its failure comment.
   * When false, a failure that may pass is thrown, for the queue to retry.
   */
  readonly last: boolean;
  /**
   * When this attempt is not the last: the queue's wait before the next
   * (`jobRetryDelayMs`), and the next one's number of how many in all, for
   * the placeholder to say when askcode tries again.
   */
  readonly next?: { inMs: number; attempt: number; of: number };
}

/**
 * Runs one job to its end: it decides, with the repository's config, whether
 * the delivery is a question at all, and if so posts its own answer or its
 * own failure comment (or throws a failure that may pass, when `attempt`
 * is not the last).
 */
export type JobRunner = (job: TriggerJob, attempt: JobAttempt) => Promise<void>;

/** Why a job will never run, and where its attempts left their comment. */
export interface JobEnd {
  /**
   * "stopped": the queue stopped before its turn and nothing will take it
   * up; "gave-up": it was started as often as it may be and never finished
   * (its process or replica died with it each time).
   */
  reason: "stopped" | "gave-up";
  /** The comment an attempt left, to edit rather than add a second. */
  commentId?: number;
}

/** Replies to a job that will never run, once. */
export type JobCanceller = (job: TriggerJob, ended: JobEnd) => Promise<void>;

/**
 * Where webhook handlers put accepted questions. The in-process queue serves
 * one replica; the Redis queue (the same interface) serves several, and
 * `stop`, `onIdle` and `pending` then speak of this replica's worker only:
 * jobs it has not started stay in Redis for another replica.
 */
export interface JobQueue {
  /**
   * Accepts a job unless its delivery or its trigger was accepted before.
   * Resolves as soon as the job is queued, never when it has run.
   */
  enqueue(job: TriggerJob): Promise<"queued" | "duplicate">;
  /**
   * For a shutdown: no job starts here from now on; running jobs go on to
   * their end. Jobs that have not started stay queued for the next start
   * (the embedded store) or another replica (Redis); only a queue that
   * keeps nothing (memory, in tests) cancels them, each reply saying it was
   * interrupted.
   */
  stop(): void;
  /**
   * Resolves when every job this process accepted (in process) or started
   * (Redis) has finished or been cancelled (tests, graceful shutdown).
   */
  onIdle(): Promise<void>;
  /** Jobs accepted and not yet finished (in process); jobs running here (Redis). */
  readonly pending: number;
  /**
   * True when a job still running at exit is taken up again (by the next
   * start, or another replica) and edits its own comment: a shutdown then
   * leaves that comment alone rather than telling the asker it was interrupted.
   */
  readonly resumes: boolean;
  /**
   * After the shutdown: records that the jobs still running were cut short
   * by it, and lets go of what the queue holds (Redis connections).
   */
  close(): Promise<void>;
}
