import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import {
  ANSWER_RETENTION_DAYS,
  RECENT_ANSWERS_LIMIT,
  type AnswerRecord,
  type AnswerRecords,
  type KeptAnswer,
} from "./answer-record.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The answers of one process without Redis, in the embedded store
 * (`answer_records`), so a restart forgets none. Records older than the
 * retention are dropped as new ones come. A claim on an answer's note is
 * the time it lapses (`note_claimed_until`); `noted` is for good.
 *
 * @example
 * const records = createSqliteAnswerRecords(db, { clock: systemClock });
 * await records.add(record);
 * await records.recent("1:1296269", Date.now() - 90 * 86_400_000); // [{ …record, tracked: record.read, noted: false }]
 */
export function createSqliteAnswerRecords(
  db: DatabaseSync,
  options: { clock: Pick<Clock, "now"> },
): AnswerRecords {
  const prune = db.prepare("DELETE FROM answer_records WHERE answered_at < ?");
  const insert = db.prepare(
    `INSERT OR IGNORE INTO answer_records (id, repository, answered_at, record, tracked_sha, tracked)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const select = db.prepare(
    `SELECT record, tracked, noted FROM answer_records
     WHERE repository = ? AND answered_at >= ?
     ORDER BY answered_at DESC, id LIMIT ${RECENT_ANSWERS_LIMIT}`,
  );
  const move = db.prepare(
    "UPDATE answer_records SET tracked_sha = ?, tracked = ? WHERE id = ? AND tracked_sha = ?",
  );
  const claim = db.prepare(
    `UPDATE answer_records SET note_claimed_until = ?
     WHERE id = ? AND noted = 0 AND note_claimed_until <= ?`,
  );
  const settle = db.prepare(
    "UPDATE answer_records SET noted = ?, note_claimed_until = 0 WHERE id = ?",
  );
  return {
    async add(record) {
      inTransaction(db, () => {
        prune.run(options.clock.now() - ANSWER_RETENTION_DAYS * DAY_MS);
        insert.run(
          record.id,
          record.repository,
          record.answeredAt,
          JSON.stringify(record),
          record.read.sha,
          JSON.stringify(record.read),
        );
      });
    },
    async recent(repository, since) {
      const rows = select.all(repository, since) as Array<{
        record: string;
        tracked: string;
        noted: number;
      }>;
      return rows.map((row): KeptAnswer => ({
        ...(JSON.parse(row.record) as AnswerRecord),
        tracked: JSON.parse(row.tracked) as KeptAnswer["tracked"],
        noted: row.noted === 1,
      }));
    },
    async advance(id, fromSha, to) {
      return move.run(to.sha, JSON.stringify(to), id, fromSha).changes > 0;
    },
    async claimNote(id, leaseMs) {
      const now = options.clock.now();
      return claim.run(now + leaseMs, id, now).changes > 0;
    },
    async settleNote(id, landed) {
      settle.run(landed ? 1 : 0, id);
    },
  };
}
