import { createFairQueue } from "./fair-queue.js";
import { issueKey } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";

/** Who runs next in the one-process queue (`createJobLine`). */
export interface JobLine {
  /** Puts a job in line: behind its issue's running or waiting job, if any. */
  place(job: TriggerJob): void;
  /** Started and not ended. */
  readonly running: ReadonlySet<TriggerJob>;
  /** Starts nothing more, and hands back the jobs that were waiting, in the order they came. */
  stop(): TriggerJob[];
}

/**
 * The order of the one-process queue: at most `concurrency` jobs at once,
 * one at a time per issue, and a free slot given to the installations in
 * turn, within one to its repositories in turn, within one to its issues in
 * the order they asked (`createFairQueue`). `start` runs a job to its end
 * (or its hand-back for a retry); the issue's next job is then made ready.
 *
 * @example
 * const line = createJobLine({ concurrency: 4, start: (job) => attempt(job) });
 * line.place(job); // starts on a later turn of the event loop
 */
export function createJobLine(options: {
  concurrency: number;
  start: (job: TriggerJob) => Promise<void>;
}): JobLine {
  const { concurrency, start } = options;
  // Jobs whose issue is free, waiting for a slot, in turn.
  const ready = createFairQueue<TriggerJob>();
  // Per busy issue (one of its jobs ready or running): the jobs behind it.
  const behind = new Map<string, TriggerJob[]>();
  // Accepted and not started, in the order they came: what `stop` cancels.
  const waiting = new Set<TriggerJob>();
  // Started and not ended: what a stop after the grace period uncounts.
  const running = new Set<TriggerJob>();
  let stopped = false;

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
    while (!stopped && running.size < concurrency) {
      const job = ready.shift();
      if (!job) return;
      waiting.delete(job);
      running.add(job);
      void start(job).then(() => {
        running.delete(job);
        const key = issueKey(job);
        const next = behind.get(key)?.shift();
        if (next) makeReady(next);
        else behind.delete(key);
        fill();
      });
    }
  }

  return {
    place(job) {
      waiting.add(job);
      const key = issueKey(job);
      const queued = behind.get(key);
      if (queued) queued.push(job);
      else {
        behind.set(key, []);
        makeReady(job);
        schedule();
      }
    },
    running,
    stop() {
      stopped = true;
      ready.drain();
      behind.clear();
      const left = [...waiting];
      waiting.clear();
      return left;
    },
  };
}
