import type { JobQueue } from "../jobs/job-queue.js";
import { withClose } from "./with-close.js";

/**
 * `queue`, whose `close` then lets go of what it was built on: the queue
 * closes last of the app's parts (the server's shutdown awaits it), so what
 * outlives a question (a store, the CPU threads) is released there.
 *
 * @example
 * const queue = closingAlso(createInProcessQueue(options), async () => db.close());
 */
export function closingAlso(
  queue: JobQueue,
  release: () => Promise<unknown>,
): JobQueue {
  return withClose(queue, async (own) => {
    await own();
    await release();
  });
}
