import { countJobQueue } from "../jobs/count-job-queue.js";
import type { AskcodeMetrics } from "../metrics/askcode-metrics.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import { closingAlso } from "./closing-also.js";
import type { QueueHandlers, Stores } from "./open-stores.js";

export interface JobQueueParts {
  stores: Pick<Stores, "openQueue">;
  metrics: Pick<AskcodeMetrics, "questions" | "webhooks">;
  /** The threads a question's CPU work runs on (none: on the event loop). */
  cpu?: CpuPool;
}

/**
 * The app's job queue on the stores' backend, running `handlers`, counting
 * what it queues and deduplicates. It closes last of the app's parts (the
 * server's shutdown awaits it): it releases the stores, then the threads.
 *
 * @example
 * const queue = openJobQueue(createQuestionRunner(deps), { stores, metrics, cpu });
 */
export function openJobQueue(
  handlers: QueueHandlers,
  parts: JobQueueParts,
): JobQueue {
  const { cpu } = parts;
  const backend = parts.stores.openQueue(handlers);
  return countJobQueue(
    cpu ? closingAlso(backend, () => cpu.close()) : backend,
    parts.metrics,
  );
}
