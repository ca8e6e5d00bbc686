import type { Redis } from "ioredis";

// Taken when free or already held by the same job (a job re-run after its
// worker died still holds its lock), in one step.
const ACQUIRE = `
local holder = redis.call("GET", KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
return 1
`;
// Released only by its holder: a lock that expired and was taken by another
// job is not this job's to delete.
const RELEASE = `
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0
`;

/**
 * One job at a time per issue across replicas, so answers on one issue
 * arrive in the order asked: `askcode:lock:issue:<owner/repo#n>`, holding
 * the running job's id. It expires after `ttlMs`, so a replica that died
 * holding it blocks the issue only until then (or until its job, re-run
 * elsewhere, finishes: the same job takes its lock back).
 */
export interface IssueLock {
  /** True when `jobId` holds the issue now. */
  acquire(issue: string, jobId: string): Promise<boolean>;
  release(issue: string, jobId: string): Promise<void>;
}

/**
 * @example
 * const locks = createIssueLock(redis, { ttlMs: 15 * 60_000 });
 * if (await locks.acquire("octo-org/hello-world#1", job.id)) try { … } finally { await locks.release(…) }
 */
export function createIssueLock(
  redis: Redis,
  options: { ttlMs: number },
): IssueLock {
  const key = (issue: string) => `askcode:lock:issue:${issue}`;
  return {
    async acquire(issue, jobId) {
      return (
        (await redis.eval(ACQUIRE, 1, key(issue), jobId, options.ttlMs)) === 1
      );
    },
    async release(issue, jobId) {
      await redis.eval(RELEASE, 1, key(issue), jobId);
    },
  };
}
