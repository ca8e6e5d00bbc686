import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import type { JobJournal, JournalEntry } from "./job-journal.js";
import { createSqliteDedupStore } from "../dedup/sqlite-dedup-store.js";
import type { TriggerJob } from "../../question/trigger-job.js";

interface JobRow {
  trigger: string;
  comment_id: number | null;
  attempts_made: number;
  run_after: number;
}

/**
 * The job journal of one process without Redis, in the embedded store: a
 * `jobs` row from the moment a delivery is accepted (in the same
 * transaction as its claims, so a kill between the two cannot lose the
 * question or leave a claim without its job) until the job finishes. The
 * webhook is answered only after that commit, so a question GitHub was told
 * is accepted is on disk.
 *
 * @example
 * const journal = createSqliteJobJournal(await openSqliteDatabase(dir), { clock });
 * createInProcessQueue({ journal, run, cancel, giveUp, log, clock });
 */
export function createSqliteJobJournal(
  db: DatabaseSync,
  options: { clock: Pick<Clock, "now">; dedupTtlMs?: number },
): JobJournal {
  const dedup = createSqliteDedupStore(db, {
    clock: options.clock,
    ...(options.dedupTtlMs ? { ttlMs: options.dedupTtlMs } : {}),
  });
  const insert = db.prepare(
    "INSERT OR IGNORE INTO jobs (trigger_id, trigger) VALUES (?, ?)",
  );
  const select = db.prepare(
    "SELECT trigger, comment_id, attempts_made, run_after FROM jobs WHERE trigger_id = ?",
  );
  const all = db.prepare(
    "SELECT trigger, comment_id, attempts_made, run_after FROM jobs ORDER BY seq",
  );
  const begin = db.prepare(
    "UPDATE jobs SET attempts_made = attempts_made + 1, run_after = 0 WHERE trigger_id = ?",
  );
  const uncount = db.prepare(
    "UPDATE jobs SET attempts_made = max(attempts_made - 1, 0) WHERE trigger_id = ?",
  );
  const comment = db.prepare(
    "UPDATE jobs SET comment_id = ? WHERE trigger_id = ?",
  );
  const postpone = db.prepare(
    "UPDATE jobs SET run_after = ? WHERE trigger_id = ?",
  );
  const remove = db.prepare("DELETE FROM jobs WHERE trigger_id = ?");

  const entry = (row: JobRow): JournalEntry => ({
    job: JSON.parse(row.trigger) as TriggerJob,
    commentId: row.comment_id ?? undefined,
    attemptsMade: row.attempts_made,
    runAfter: row.run_after,
  });

  return {
    durable: true,
    async accept(job) {
      return inTransaction(db, () => {
        if (dedup.claimNow(job) === "duplicate") return "duplicate";
        insert.run(job.triggerId, JSON.stringify(job));
        return "queued";
      });
    },
    async begin(job) {
      return inTransaction(db, () => {
        begin.run(job.triggerId);
        const row = select.get(job.triggerId) as JobRow | undefined;
        // A job is in the journal from its acceptance to its end.
        if (!row) throw new Error(`no job ${job.triggerId} in the journal`);
        return entry(row);
      });
    },
    async rememberComment(job, commentId) {
      comment.run(commentId, job.triggerId);
    },
    async postpone(job, at) {
      postpone.run(at, job.triggerId);
    },
    async uncount(job) {
      uncount.run(job.triggerId);
    },
    async finish(job) {
      remove.run(job.triggerId);
    },
    async unfinished() {
      return (all.all() as unknown as JobRow[]).map(entry);
    },
  };
}
