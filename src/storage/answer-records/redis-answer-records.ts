import type { Redis } from "ioredis";
import type { Clock } from "../../shared/clock.js";
import { defineRedisScript } from "../../shared/redis-script.js";
import {
  ANSWER_RETENTION_DAYS,
  RECENT_ANSWERS_LIMIT,
  type AnswerRecord,
  type AnswerRecords,
  type KeptAnswer,
} from "./answer-record.js";

const RETENTION_MS = ANSWER_RETENTION_DAYS * 24 * 60 * 60 * 1000;

// KEYS: the record's hash. ARGV: the sha the tracked citations must be at,
// the new sha, the new citations (JSON). Returns 1 when moved.
const ADVANCE = `
if redis.call('HGET', KEYS[1], 'tracked_sha') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'tracked_sha', ARGV[2], 'tracked', ARGV[3])
return 1
`;

// KEYS: the record's hash, its note-claim key. ARGV: the lease (ms).
// Returns 1 when claimed: not noted, and no claim holds.
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'noted') == '1' then return 0 end
if redis.call('SET', KEYS[2], '1', 'NX', 'PX', tonumber(ARGV[1])) then return 1 end
return 0
`;

/**
 * The answers every replica shares: a hash per answer
 * (`askcode:answer:<id>`: the record, its tracked citations and their sha,
 * whether it is noted) and a sorted set per repository
 * (`askcode:answers:<installation id>:<repository id>`, `repositoryKey`,
 * scored by when each was answered).
 * Moving the tracked citations and claiming the note are Lua scripts, so
 * two replicas handling one push move and note an answer once. Keys expire
 * after the retention; the set drops older members as new ones come.
 *
 * @example
 * const records = createRedisAnswerRecords({ redis, clock: systemClock });
 */
export function createRedisAnswerRecords(options: {
  redis: Redis;
  clock: Pick<Clock, "now">;
}): AnswerRecords {
  const { redis } = options;
  const advance = defineRedisScript(redis, "askcodeAnswerAdvance", ADVANCE);
  const claim = defineRedisScript(redis, "askcodeAnswerClaim", CLAIM);
  const recordKey = (id: string) => `askcode:answer:${id}`;
  const repositoryKey = (repository: string) => `askcode:answers:${repository}`;
  return {
    async add(record) {
      const key = recordKey(record.id);
      const listed = repositoryKey(record.repository);
      await redis
        .multi()
        .hsetnx(key, "record", JSON.stringify(record))
        .hsetnx(key, "tracked_sha", record.read.sha)
        .hsetnx(key, "tracked", JSON.stringify(record.read))
        .pexpire(key, RETENTION_MS)
        .zadd(listed, "NX", record.answeredAt, record.id)
        .zremrangebyscore(listed, "-inf", options.clock.now() - RETENTION_MS)
        .pexpire(listed, RETENTION_MS)
        .exec();
    },
    async recent(repository, since) {
      const ids = await redis.zrevrangebyscore(
        repositoryKey(repository),
        "+inf",
        since,
        "LIMIT",
        0,
        RECENT_ANSWERS_LIMIT,
      );
      if (ids.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const id of ids)
        pipeline.hmget(recordKey(id), "record", "tracked", "noted");
      const rows = (await pipeline.exec()) ?? [];
      const kept: KeptAnswer[] = [];
      for (const [error, fields] of rows) {
        if (error) throw error;
        const [record, tracked, noted] = fields as Array<string | null>;
        // Expired between the two reads: gone, as if never listed.
        if (!record || !tracked) continue;
        kept.push({
          ...(JSON.parse(record) as AnswerRecord),
          tracked: JSON.parse(tracked) as KeptAnswer["tracked"],
          noted: noted === "1",
        });
      }
      return kept;
    },
    async advance(id, fromSha, to) {
      return (
        (await advance(
          [recordKey(id)],
          [fromSha, to.sha, JSON.stringify(to)],
        )) === 1
      );
    },
    async claimNote(id, leaseMs) {
      return (
        (await claim([recordKey(id), `${recordKey(id)}:note`], [leaseMs])) === 1
      );
    },
    async settleNote(id, landed) {
      const multi = redis.multi();
      if (landed) multi.hset(recordKey(id), "noted", "1");
      await multi.del(`${recordKey(id)}:note`).exec();
    },
  };
}
