import type { JobQueue } from "../jobs/job-queue.js";
import { withClose } from "./with-close.js";

/**
 * `queue`, whose `close` first waits for `settle`: work that runs beside
 * the queue on what the queue's close lets go of (the push watch writes
 * notes to the store `closingAlso` closes) ends before it goes.
 *
 * @example
 * const queue = settlingFirst(openJobQueue(runner, parts), () => pushes.idle());
 */
export function settlingFirst(
  queue: JobQueue,
  settle: () => Promise<unknown>,
): JobQueue {
  return withClose(queue, async (own) => {
    await settle();
    await own();
  });
}
