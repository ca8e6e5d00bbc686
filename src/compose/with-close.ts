import type { JobQueue } from "../jobs/job-queue.js";

/**
 * `queue` as it is, but for its `close`, which is `close` (given the
 * queue's own): what `closingAlso` and `settlingFirst` wrap a queue in.
 *
 * @example
 * withClose(queue, async (own) => { await own(); await db.close(); })
 */
export function withClose(
  queue: JobQueue,
  close: (own: () => Promise<void>) => Promise<void>,
): JobQueue {
  return {
    get pending() {
      return queue.pending;
    },
    resumes: queue.resumes,
    enqueue: (job) => queue.enqueue(job),
    stop: () => queue.stop(),
    onIdle: () => queue.onIdle(),
    close: () => close(() => queue.close()),
  };
}
