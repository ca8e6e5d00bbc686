import { DelayedError, Queue, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { DedupStore } from "../storage/dedup/dedup-store.js";
import {
  reportRedisOutages,
  type RedisOutageLog,
} from "../storage/redis/report-redis-outages.js";
import { createIssueLock } from "./issue-lock.js";
import type { JobCanceller, JobQueue, JobRunner } from "./job-queue.js";
import { issueKey } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";
import { jobRetryDelayMs } from "../shared/retry-schedule.js";

/** What a question's job holds in Redis: plain data any replica can run. */
export interface QueuedTrigger {
  trigger: TriggerJob;
  /** askcode's comment, once an attempt posted it: later attempts edit it. */
  commentId?: number;
}

export interface RedisQueueOptions {
  /** For adding jobs and the issue locks (`createRedisConnection(url, "commands")`). */
  connection: Redis;
  /** For the worker, which blocks waiting for jobs (`createRedisConnection(url, "worker")`). */
  workerConnection: Redis;
  /** Shared by the replicas: a delivery is queued by one of them only. */
  dedup: DedupStore;
  run: JobRunner;
  /**
   * Replies to a job that failed for good without its runner's failure
   * comment: it stalled (its replica died, or its event loop held the lock
   * past its lapse) more times than it may, or its last attempt could not
   * even post its failure.
   */
  cancel: JobCanceller;
  /** Jobs this replica runs at once (`ASKCODE_CONCURRENCY`). */
  concurrency: number;
  /** Attempts in all for a failure that may pass, and the first retry's wait (doubling after). */
  attempts: number;
  backoffMs: number;
  log: RedisOutageLog;
  /**
   * How long a running job's lock lasts unless its worker renews it (it does
   * every half of this), and how often workers look for jobs whose lock
   * lapsed: a job whose replica died runs again elsewhere after about
   * their sum. BullMQ's defaults (30 s each) unless a test shortens them.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** The wait before a job whose issue is busy looks again (default 5 s). */
  issueBusyDelayMs?: number;
}

/** Keys `askcode:questions:*` (BullMQ's prefix, then the queue's name). */
const PREFIX = "askcode";
const NAME = "questions";
// A run ends by its wall-time budget well before this; the lock outlives it
// so a long answer does not let the issue's next question start beside it.
const ISSUE_LOCK_TTL_MS = 30 * 60 * 1000;

/**
 * The queue replicas share (BullMQ on Redis). `enqueue` claims the delivery
 * in the shared dedup store and adds the job under an id made from its
 * trigger, so two replicas cannot add the same question twice. Each replica
 * runs a worker: `concurrency` jobs at once, one at a time per issue (a
 * Redis lock per issue; a job whose issue is busy waits a few seconds and
 * looks again, so the order within an issue is kept only roughly), a
 * failure that may pass retried with exponential backoff, and a job whose
 * worker died (killed, the node gone) run again by another worker once its
 * lock lapses. Its comment id is kept in the job, so every attempt edits
 * the one comment.
 *
 * Stopping stops this worker only: jobs it has not started stay in Redis
 * for another replica or the next start, so unlike the in-process queue it
 * cancels nothing. A job still running when the process exits is run again
 * elsewhere.
 *
 * @example
 * const queue = createRedisQueue({ connection, workerConnection, dedup: createRedisDedupStore(connection),
 *   run: (job, attempt) => runTrigger(job, deps(attempt)), concurrency: 4, attempts: 3, backoffMs: 10_000, log });
 */
export function createRedisQueue(options: RedisQueueOptions): JobQueue {
  const queue = new Queue<QueuedTrigger>(NAME, {
    connection: options.connection,
    prefix: PREFIX,
  });
  const locks = createIssueLock(options.connection, {
    ttlMs: ISSUE_LOCK_TTL_MS,
  });
  const busyDelayMs = options.issueBusyDelayMs ?? 5_000;
  let running = 0;
  let idleWaiters: Array<() => void> = [];
  let stopped: Promise<void> | undefined;

  async function processJob(
    job: Job<QueuedTrigger>,
    token?: string,
  ): Promise<void> {
    const { trigger } = job.data;
    const issue = issueKey(trigger);
    const jobId = job.id!;
    if (!(await locks.acquire(issue, jobId))) {
      // Not an attempt: BullMQ moves it back to wait without counting one.
      await job.moveToDelayed(Date.now() + busyDelayMs, token);
      throw new DelayedError();
    }
    running++;
    try {
      await options.run(trigger, {
        commentId: job.data.commentId,
        rememberComment: (commentId) =>
          job.updateData({ ...job.data, commentId }),
        last: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        ...(job.attemptsMade + 1 < (job.opts.attempts ?? 1) && {
          next: {
            inMs: jobRetryDelayMs(options.backoffMs, job.attemptsMade + 1),
            attempt: job.attemptsMade + 2,
            of: job.opts.attempts ?? 1,
          },
        }),
      });
    } finally {
      await locks
        .release(issue, jobId)
        .catch((error: unknown) =>
          options.log.warn(
            { err: error, issue },
            "askcode could not release an issue's lock; it expires on its own",
          ),
        );
      if (--running === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const wake of waiters) wake();
      }
    }
  }

  const worker = new Worker<QueuedTrigger>(NAME, processJob, {
    connection: options.workerConnection,
    prefix: PREFIX,
    concurrency: options.concurrency,
    ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
    ...(options.stalledIntervalMs
      ? { stalledInterval: options.stalledIntervalMs }
      : {}),
    // A job whose replica died is started `attempts` times in all, as a
    // failure that may pass is, and as the embedded store's queue does
    // (BullMQ's default of one stall failed a job whose event loop was held
    // past its lock and whose replica then crashed). It fails at the stall
    // after that, and the "failed" handler below replies.
    maxStalledCount: options.attempts - 1,
    // The schedule both queues share (src/shared/retry-schedule.ts).
    settings: {
      backoffStrategy: (attemptsMade: number) =>
        jobRetryDelayMs(options.backoffMs, attemptsMade),
    },
  });
  worker.on("failed", (job, error) => {
    if (!job) return;
    const left = (job.opts.attempts ?? 1) - job.attemptsMade;
    const { trigger, commentId } = job.data;
    const details = {
      err: error,
      deliveryId: trigger.deliveryId,
      issue: issueKey(trigger),
      attempt: job.attemptsMade,
    };
    if (!isStallFailure(error)) {
      // The runner's own failure: retried, or (the last attempt) its
      // failure comment already tried.
      if (left > 0)
        options.log.warn(
          details,
          "askcode job failed; the queue will retry it",
        );
      else options.log.error(details, "askcode job failed");
      return;
    }
    // Stalled for good: no runner is left to reply, so the asker gets one
    // comment saying so, in place of the progress the last attempt left.
    options.log.error(details, "askcode job stalled too often; giving up");
    void options
      .cancel(trigger, {
        reason: "gave-up",
        ...(commentId === undefined ? {} : { commentId }),
      })
      .catch((replyError: unknown) =>
        options.log.error(
          { ...details, err: replyError },
          "askcode could not reply to a job it gave up on",
        ),
      );
  });
  // An outage is two lines (lost, back), not a stack per reconnection
  // attempt from each connection, the Queue and the Worker.
  reportRedisOutages({
    connections: [options.connection, options.workerConnection],
    relays: [queue, worker],
    log: options.log,
  });

  return {
    get pending() {
      return running;
    },
    resumes: true,
    async enqueue(trigger) {
      if ((await options.dedup.claim(trigger)) === "duplicate")
        return "duplicate";
      try {
        await queue.add(
          "question",
          { trigger },
          {
            // The same question has one job, whichever replica adds it.
            jobId: jobIdFor(trigger),
            attempts: options.attempts,
            // The worker's backoffStrategy: askcode's schedule, not BullMQ's.
            backoff: { type: "askcode", delay: options.backoffMs },
            removeOnComplete: { age: 24 * 60 * 60, count: 10_000 },
            removeOnFail: { age: 7 * 24 * 60 * 60 },
          },
        );
      } catch (error) {
        // Not queued: GitHub marks the delivery failed; a redelivery is no duplicate.
        await options.dedup
          .release(trigger)
          .catch((releaseError: unknown) =>
            options.log.warn(
              { err: releaseError, deliveryId: trigger.deliveryId },
              "askcode could not give back the claim on a delivery it failed to queue; a redelivery of it is dropped as a duplicate until the claim expires",
            ),
          );
        throw error;
      }
      return "queued";
    },
    stop() {
      // Takes no new job; the running ones finish and are marked done in Redis.
      stopped ??= worker.pause();
    },
    onIdle() {
      if (stopped) return stopped;
      if (running === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      // Does not wait for jobs still running (the grace period is over):
      // their locks lapse and another replica runs them again.
      await worker.close(true);
      await queue.close();
    },
  };
}

/**
 * BullMQ's failures that no runner saw: a job that stalled more often than
 * `maxStalledCount`, or was started more often than allowed.
 */
function isStallFailure(error: Error): boolean {
  return /stalled more than allowable limit|started more than allowable limit/.test(
    error.message,
  );
}

/** BullMQ's custom ids may not contain ":" (trigger ids do), nor be integers. */
export function jobIdFor(trigger: Pick<TriggerJob, "triggerId">): string {
  return `trigger-${encodeURIComponent(trigger.triggerId)}`;
}
