import type { DedupStore } from "./dedup-store.js";
import { createFairQueue } from "./fair-queue.js";
import {
  ONLY_ATTEMPT,
  type JobCanceller,
  type JobQueue,
  type JobRunner,
} from "./job-queue.js";
import { createMemoryDedupStore } from "./memory-dedup-store.js";
import { issueKey } from "./question-job.js";
import type { TriggerJob } from "./trigger-job.js";

export interface InProcessQueueOptions {
  run: JobRunner;
  /** Replies to a job that will never run because the queue was stopped. */
  cancel: JobCanceller;
  /** Jobs running at once across all issues (default 4). */
  concurrency?: number;
  log: { error(details: object, message: string): void };
  /** Which deliveries and triggers were accepted before (default: in memory, for 24 h). */
  dedup?: DedupStore;
}

/**
 * The one-replica queue: at most `concurrency` jobs at once, one at a time per
 * issue (a second question on an issue waits for the first answer, so answers
 * arrive in the order they were asked), and no job accepted twice.
 *
 * A burst is served fairly: a free slot goes to the installations in turn,
 * within an installation to its repositories in turn, and within a
 * repository to its issues in the order they asked (an issue's next
 * question rejoins at the back once its answer is out). One repository's 50
 * questions then delay another's one by at most one turn, not 50; and the
 * installation comes first because GitHub's rate limits, and so the pace of
 * the answers, are per installation.
 *
 * Once stopped, jobs still waiting are cancelled at once rather than when a
 * slot frees, so their replies go out while the running jobs finish.
 *
 * @example
 * const queue = createInProcessQueue({ run: (job) => runTrigger(job), cancel: (job) => replyInterrupted(job), log: app.log });
 * await queue.enqueue(job); // "queued" | "duplicate"
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const concurrency = options.concurrency ?? 4;
  const dedup = options.dedup ?? createMemoryDedupStore();
  // Jobs whose issue is free, waiting for a slot, in turn.
  const ready = createFairQueue<TriggerJob>();
  // Per busy issue (one of its jobs ready or running): the jobs behind it.
  const behind = new Map<string, TriggerJob[]>();
  // Accepted and not started, in the order they came: what `stop` cancels.
  const waiting = new Set<TriggerJob>();
  let running = 0;
  let stopped = false;
  // Accepted and not finished; `onIdle` waits for it to reach 0.
  let pending = 0;
  let idleWaiters: Array<() => void> = [];

  // One attempt per job: a retry in memory would not survive the restart
  // that most failures worth retrying come with, and the run already
  // retries its own GitHub and model requests.
  async function settle(
    job: TriggerJob,
    runner: JobRunner | JobCanceller,
  ): Promise<void> {
    try {
      await runner(job, ONLY_ATTEMPT);
    } catch (error) {
      // The runner posts its own failure comment; reaching here means even
      // that failed, and the log is the last place to say so.
      options.log.error(
        { err: error, deliveryId: job.deliveryId, issue: issueKey(job) },
        "askcode job failed",
      );
    }
  }

  function finished(): void {
    if (--pending > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  }

  function cancel(job: TriggerJob): void {
    void settle(job, options.cancel).then(finished);
  }

  function makeReady(job: TriggerJob): void {
    ready.push([String(job.installationId), `${job.owner}/${job.repo}`], job);
  }

  // Jobs start on a later turn of the event loop, never inside `enqueue`:
  // the webhook response waits for none of their work, and deliveries that
  // arrive together are all in line before the first turn is given.
  let scheduled = false;
  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      fill();
    });
  }

  // Starts jobs in turn while a slot is free.
  function fill(): void {
    while (!stopped && running < concurrency) {
      const job = ready.shift();
      if (!job) return;
      waiting.delete(job);
      running++;
      void settle(job, options.run).then(() => {
        running--;
        const key = issueKey(job);
        const next = behind.get(key)?.shift();
        if (next) makeReady(next);
        else behind.delete(key);
        fill();
        finished();
      });
    }
  }

  return {
    get pending() {
      return pending;
    },
    async enqueue(job) {
      if ((await dedup.claim(job)) === "duplicate") return "duplicate";
      pending++;
      if (stopped) {
        cancel(job);
        return "queued";
      }
      waiting.add(job);
      const key = issueKey(job);
      const queued = behind.get(key);
      if (queued) queued.push(job);
      else {
        behind.set(key, []);
        makeReady(job);
        schedule();
      }
      return "queued";
    },
    stop() {
      if (stopped) return;
      stopped = true;
      ready.drain();
      behind.clear();
      for (const job of waiting) cancel(job);
      waiting.clear();
    },
    onIdle() {
      if (pending === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    close: async () => undefined,
  };
}
