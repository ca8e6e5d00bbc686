import type { DedupStore } from "../../src/storage/dedup/dedup-store.js";
import type {
  JobJournal,
  JournalEntry,
} from "../../src/storage/job-journal/job-journal.js";
import { createMemoryDedupStore } from "./memory-dedup-store.js";

/**
 * A journal that lasts as long as the process: the in-process queue's for
 * unit tests, where nothing needs to survive. Not a deployment mode: a
 * restart would lose every job it holds.
 */
export function createMemoryJobJournal(
  options: { dedup?: DedupStore } = {},
): JobJournal {
  const dedup = options.dedup ?? createMemoryDedupStore();
  const entries = new Map<string, JournalEntry>();
  const entryOf = (triggerId: string): JournalEntry => {
    const found = entries.get(triggerId);
    if (!found) throw new Error(`no job ${triggerId} in the journal`);
    return found;
  };
  return {
    durable: false,
    async accept(job) {
      if ((await dedup.claim(job)) === "duplicate") return "duplicate";
      entries.set(job.triggerId, {
        job,
        commentId: undefined,
        attemptsMade: 0,
        runAfter: 0,
      });
      return "queued";
    },
    async begin(job) {
      const found = entryOf(job.triggerId);
      found.attemptsMade++;
      found.runAfter = 0;
      return { ...found };
    },
    async rememberComment(job, commentId) {
      entryOf(job.triggerId).commentId = commentId;
    },
    async postpone(job, at) {
      entryOf(job.triggerId).runAfter = at;
    },
    async uncount(job) {
      const found = entries.get(job.triggerId);
      if (found) found.attemptsMade = Math.max(found.attemptsMade - 1, 0);
    },
    async finish(job) {
      entries.delete(job.triggerId);
    },
    async unfinished() {
      return [...entries.values()].map((found) => ({ ...found }));
    },
  };
}
