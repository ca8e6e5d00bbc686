import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { defineRedisScript } from "../../shared/redis-script.js";
import type { SearchPacer, SearchPacerOptions } from "./search-pacer.js";
import { createQueuedPacer } from "./search-pacer-queue.js";
import {
  searchesPerMinute,
  WINDOW_MS,
  type SearchWindow,
} from "./search-pacer-window.js";

export interface RedisSearchPacerOptions extends SearchPacerOptions {
  /** The replicas' shared Redis (built by `openStores` from REDIS_URL). */
  redis: Redis;
  /** Where a Redis failure is reported; the search then goes ahead (see below). */
  log?: { warn(meta: object, message: string): void };
}

// How long what GitHub said about an idle installation is kept.
const REPORT_TTL_MS = 24 * 3_600_000;

// Every Lua script below takes "now" from the caller's Clock (ARGV), never
// from Redis TIME: tests drive the pacer with a fake clock, which Redis's
// own clock would not follow, and the replicas' clocks agree (NTP) to
// within milliseconds, far below the 60 s window.

// KEYS: the starts of the window (a sorted set scored by start time), GitHub's report (a hash).
// ARGV: now, window ms, searches per minute, a unique member for this start.
// Returns { 0, reset_at counted down or "" } once a slot is taken, else { ms to wait }.
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local report = redis.call('HMGET', KEYS[2], 'limit', 'remaining', 'reset_at')
if report[1] then limit = math.min(limit, tonumber(report[1])) end
local remaining = tonumber(report[2])
local resetAt = tonumber(report[3])
if resetAt and now >= resetAt then
  redis.call('HDEL', KEYS[2], 'remaining', 'reset', 'reset_at')
  remaining = nil
end
local wait = 0
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local freeing = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  wait = tonumber(freeing[2]) + window - now
end
if remaining and remaining <= 0 then wait = math.max(wait, resetAt - now) end
if wait > 0 then return { wait } end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
if remaining then
  redis.call('HINCRBY', KEYS[2], 'remaining', -1)
  return { 0, report[3] }
end
return { 0, '' }
`;

// Gives back a slot nobody used. KEYS as TAKE; ARGV: the member, the reset_at TAKE counted down ("" if none).
const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] ~= '' and redis.call('HGET', KEYS[2], 'reset_at') == ARGV[2] then
  redis.call('HINCRBY', KEYS[2], 'remaining', 1)
end
`;

// KEYS: GitHub's report. ARGV: our per-minute budget, limit, remaining, reset, reset_at ("" when not sent), ttl.
// Within one GitHub window (the same reset) the lowest remaining is the truest:
// responses to concurrent searches, from any replica, arrive out of order.
const OBSERVE = `
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[1], 'limit', math.min(tonumber(ARGV[1]), tonumber(ARGV[2])))
end
if ARGV[3] ~= '' then
  local known = redis.call('HMGET', KEYS[1], 'remaining', 'reset')
  if known[1] and tonumber(known[2]) == tonumber(ARGV[4]) then
    redis.call('HSET', KEYS[1], 'remaining', math.min(tonumber(known[1]), tonumber(ARGV[3])))
  else
    redis.call('HSET', KEYS[1], 'remaining', ARGV[3], 'reset', ARGV[4], 'reset_at', ARGV[5])
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[6])
`;

/**
 * The code-search pacer shared by every replica: the sliding window of each
 * installation is a Redis sorted set (`askcode:pacer:installation:42`) and
 * GitHub's last word on it a hash (`…:github`), both changed only by Lua
 * scripts, so two replicas never take the same last slot. Within a process
 * callers still start first come, first served (`createQueuedPacer`).
 *
 * When Redis fails, the search goes ahead (logged): the pacer is askcode's
 * courtesy to GitHub, whose 403 Octokit's throttling still retries; a
 * Redis outage must not also stop every code search.
 *
 * @example
 * const pacer = createRedisSearchPacer({ redis, clock: systemClock, log: app.log });
 * if (await pacer.acquire("installation:42", deadline)) … // search
 */
export function createRedisSearchPacer(
  options: RedisSearchPacerOptions,
): SearchPacer {
  return createQueuedPacer({
    clock: options.clock,
    waits: options.waits,
    window: createRedisSearchWindow(
      options.redis,
      searchesPerMinute(options.requestsPerMinute),
      options.log,
    ),
  });
}

function createRedisSearchWindow(
  redis: Redis,
  perMinute: number,
  log: RedisSearchPacerOptions["log"],
): SearchWindow {
  const take = defineRedisScript(redis, "askcodePacerTake", TAKE);
  const release = defineRedisScript(redis, "askcodePacerRelease", RELEASE);
  const observe = defineRedisScript(redis, "askcodePacerObserve", OBSERVE);
  const keysOf = (key: string) => {
    const started = `askcode:pacer:${key}`;
    return [started, `${started}:github`];
  };
  const warn = (error: unknown, message: string) =>
    log?.warn({ err: error }, message);
  return {
    async take(key, now) {
      const keys = keysOf(key);
      const member = `${now}:${randomUUID()}`;
      try {
        const [wait, countedDown] = (await take(keys, [
          now,
          WINDOW_MS,
          perMinute,
          member,
        ])) as [number, string?];
        if (wait > 0) return { taken: false, waitMs: wait };
        return {
          taken: true,
          release: () =>
            void release(keys, [member, countedDown ?? ""]).catch(
              (error: unknown) =>
                warn(error, "askcode could not give back a code-search slot"),
            ),
        };
      } catch (error) {
        warn(
          error,
          "askcode's code-search pacer could not reach Redis; searching anyway",
        );
        return { taken: true, release: () => {} };
      }
    },
    observe(key, report) {
      const { limit, window } = report;
      // Sent on this client's connection before any later `take` of this
      // process, and Redis answers one connection in order: no race with it.
      void observe(keysOf(key).slice(1), [
        perMinute,
        limit ?? "",
        window?.remaining ?? "",
        window?.reset ?? "",
        window ? Math.ceil(window.resetAt) : "",
        REPORT_TTL_MS,
      ]).catch((error: unknown) =>
        warn(
          error,
          "askcode could not record GitHub's code-search rate limit in Redis",
        ),
      );
    },
  };
}
