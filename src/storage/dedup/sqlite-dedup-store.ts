import type { DatabaseSync } from "node:sqlite";
import { systemClock, type Clock } from "../../shared/clock.js";
import { inTransaction } from "../sqlite/in-transaction.js";
import {
  DEFAULT_DEDUP_TTL_MS,
  dedupKeys,
  type Claim,
  type DedupStore,
} from "./dedup-store.js";

const PRUNE_EVERY_MS = 60_000;

/** The embedded store's dedup store, with the synchronous claim the job journal runs inside its transaction. */
export interface SqliteDedupStore extends DedupStore {
  claimNow(job: Parameters<DedupStore["claim"]>[0]): Claim;
}

/**
 * The dedup store of one process without Redis: `dedup_claims` in the
 * embedded store, so a delivery GitHub redelivers after a restart is still
 * known. Both keys are checked and claimed together, as the Redis store
 * does; expired claims are dropped as new ones come.
 *
 * @example
 * const dedup = createSqliteDedupStore(db);
 * await dedup.claim(job) // "claimed", and "duplicate" after a restart too
 */
export function createSqliteDedupStore(
  db: DatabaseSync,
  options: { ttlMs?: number; clock?: Pick<Clock, "now"> } = {},
): SqliteDedupStore {
  const ttlMs = options.ttlMs ?? DEFAULT_DEDUP_TTL_MS;
  const clock = options.clock ?? systemClock;
  const prune = db.prepare("DELETE FROM dedup_claims WHERE expires_at <= ?");
  const live = db.prepare(
    "SELECT 1 FROM dedup_claims WHERE key IN (?, ?) AND expires_at > ?",
  );
  const take = db.prepare(
    "INSERT OR REPLACE INTO dedup_claims (key, expires_at) VALUES (?, ?)",
  );
  const drop = db.prepare("DELETE FROM dedup_claims WHERE key IN (?, ?)");

  // Expired claims are dropped at most once a minute: on every claim, a
  // burst would pay for the deletion each time, on the webhook's path.
  let prunedAt = -Infinity;
  function claimNow(job: Parameters<DedupStore["claim"]>[0]): Claim {
    const now = clock.now();
    const [delivery, trigger] = dedupKeys(job);
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prune.run(now);
      prunedAt = now;
    }
    if (live.get(delivery, trigger, now)) return "duplicate";
    take.run(delivery, now + ttlMs);
    take.run(trigger, now + ttlMs);
    return "claimed";
  }

  return {
    claimNow,
    claim: async (job) => inTransaction(db, () => claimNow(job)),
    async release(job) {
      drop.run(...dedupKeys(job));
    },
  };
}
