import type { TriggerJob } from "../../question/trigger-job.js";

/** A job the journal holds: accepted, not yet finished. */
export interface JournalEntry {
  job: TriggerJob;
  /** The comment an earlier attempt posted; undefined when none did. */
  commentId: number | undefined;
  /** Attempts started so far (an attempt cut by a stop is not counted). */
  attemptsMade: number;
  /** Clock time before which it does not run (a retry's backoff); 0: now. */
  runAfter: number;
}

/**
 * What the one-process queue writes down about its jobs, so that a restart
 * takes them up where they were: which deliveries were accepted, which jobs
 * have not finished, each job's comment and attempts. The embedded store
 * keeps it on disk (`createSqliteJobJournal`); the unit tests' double
 * (`test/helpers/memory-job-journal.ts`) keeps it for one process's life.
 */
export interface JobJournal {
  /**
   * Claims the job's delivery and trigger and records the job, in one step:
   * "duplicate" (and nothing recorded) when either was claimed before.
   */
  accept(job: TriggerJob): Promise<"queued" | "duplicate">;
  /** An attempt starts: counts it and tells where earlier attempts left their comment. */
  begin(job: TriggerJob): Promise<JournalEntry>;
  rememberComment(job: TriggerJob, commentId: number): Promise<void>;
  /** A failure that may pass: the job runs again no earlier than `at`. */
  postpone(job: TriggerJob, at: number): Promise<void>;
  /** The running attempt was cut short by a stop, not a fault: it is not counted. */
  uncount(job: TriggerJob): Promise<void>;
  /** Answered, or given up on: forgotten (its claims stay, so a redelivery is still a duplicate). */
  finish(job: TriggerJob): Promise<void>;
  /** Jobs accepted and not finished, in the order they were accepted: what a start takes up. */
  unfinished(): Promise<JournalEntry[]>;
  /** True when what is written here outlives the process. */
  readonly durable: boolean;
}
