import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import type { JobQueue, JobRunner } from "./job-queue.js";
import { issueKey, type QuestionJob } from "./question-job.js";

export interface InProcessQueueOptions {
  run: JobRunner;
  /** Replies to a job that will never run because the queue was stopped. */
  cancel: JobRunner;
  /** Jobs running at once across all issues (default 4). */
  concurrency?: number;
  log: { error(details: object, message: string): void };
  /** How long a delivery or trigger id is remembered for deduplication (default 24 h). */
  dedupeTtlMs?: number;
}

/**
 * The one-replica queue: at most `concurrency` jobs at once, one at a time per
 * issue (a second question on an issue waits for the first answer, so answers
 * arrive in the order they were asked), and no job accepted twice. Once
 * stopped, jobs still waiting are cancelled at once rather than when a slot
 * frees, so their replies go out while the running jobs finish.
 *
 * @example
 * const queue = createInProcessQueue({ run: (job) => runQuestion(job, deps), cancel: (job) => replyInterrupted(job, deps), log: app.log });
 * await queue.enqueue(job); // "queued" | "duplicate"
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const queue = new PQueue({ concurrency: options.concurrency ?? 4 });
  // Bounded: a busy installation must not grow memory without end.
  const seen = new LRUCache<string, true>({
    max: 50_000,
    ttl: options.dedupeTtlMs ?? 24 * 60 * 60 * 1000,
  });
  const tails = new Map<string, Promise<void>>();
  // Accepted and not started: what `stop` cancels.
  const waiting = new Set<QuestionJob>();
  let stopped = false;
  let pending = 0;
  let idle: Promise<void> = Promise.resolve();

  async function settle(job: QuestionJob, runner: JobRunner): Promise<void> {
    try {
      await runner(job);
    } catch (error) {
      // The runner posts its own failure comment; reaching here means even
      // that failed, and the log is the last place to say so.
      options.log.error(
        { err: error, deliveryId: job.deliveryId, issue: issueKey(job) },
        "askcode job failed",
      );
    }
  }

  function track(done: Promise<void>): void {
    idle = Promise.all([idle, done]).then(() => undefined);
  }

  function cancel(job: QuestionJob): void {
    pending++;
    track(settle(job, options.cancel).then(() => void pending--));
  }

  return {
    get pending() {
      return pending;
    },
    async enqueue(job) {
      const keys = [`delivery:${job.deliveryId}`, `trigger:${job.triggerId}`];
      if (keys.some((key) => seen.has(key))) return "duplicate";
      for (const key of keys) seen.set(key, true);
      if (stopped) {
        cancel(job);
        return "queued";
      }
      pending++;
      waiting.add(job);
      const key = issueKey(job);
      const previous = tails.get(key) ?? Promise.resolve();
      const done = previous
        .then(() =>
          queue.add(async () => {
            // Cancelled by `stop` while it waited: `stop` settles it.
            if (!waiting.delete(job)) return;
            await settle(job, options.run);
            pending--;
          }),
        )
        .then(() => {
          if (tails.get(key) === done) tails.delete(key);
        });
      tails.set(key, done);
      track(done);
      return "queued";
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const job of waiting) {
        waiting.delete(job);
        track(settle(job, options.cancel).then(() => void pending--));
      }
    },
    async onIdle() {
      // Jobs enqueued while we wait extend `idle`; loop until it stops moving.
      for (let current = idle; ; current = idle) {
        await current;
        if (current === idle) return;
      }
    },
  };
}
