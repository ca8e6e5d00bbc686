import type { Redis } from "ioredis";
import type { Clock } from "../../shared/clock.js";
import { defineRedisScript } from "../../shared/redis-script.js";
import {
  counterKey,
  countedKey,
  hourWindow,
  type QuestionLimiter,
} from "./question-limiter.js";

// Keys outlive their hour by this much: a replica whose clock is a little
// behind still finds them. Their names carry the hour, so nothing is reused.
const SKEW_MARGIN_MS = 60_000;

// KEYS: the question's "counted" key, then each counter's count and
// "notified" keys. ARGV: the keys' time to live (ms, from the caller's
// clock: see below), then each counter's limit.
// Returns { 0 } when the question is let through (and counted, once), else
// { the full counter's position (1-based), 1 when it is the first refusal }.
const ADMIT = `
local ttl = tonumber(ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 1 then return { 0 } end
local counters = (#KEYS - 1) / 2
for i = 1, counters do
  local count = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  if count >= tonumber(ARGV[i + 1]) then
    local first = redis.call('SET', KEYS[2 * i + 1], '1', 'NX', 'PX', ttl)
    return { i, first and 1 or 0 }
  end
end
for i = 1, counters do
  redis.call('INCR', KEYS[2 * i])
  redis.call('PEXPIRE', KEYS[2 * i], ttl)
end
redis.call('SET', KEYS[1], '1', 'PX', ttl)
return { 0 }
`;

/**
 * The question limiter every replica shares: one Lua script checks every
 * counter and counts the question in all of them at once, so two replicas
 * cannot both let through the last question of an hour. Keys:
 * `askcode:limit:user:<login>:<hour>`, `askcode:limit:repository:<owner/repo>:<hour>`,
 * each with a `:notified` twin. The hour comes from the caller's clock, not
 * Redis TIME, so tests drive it with a fake clock; replicas' clocks agree
 * to well within the hour.
 *
 * @example
 * const limiter = createRedisQuestionLimiter({ redis, clock: systemClock });
 */
export function createRedisQuestionLimiter(options: {
  redis: Redis;
  clock: Pick<Clock, "now">;
}): QuestionLimiter {
  const admit = defineRedisScript(options.redis, "askcodeLimitAdmit", ADMIT);
  return {
    async admit(triggerId, counters) {
      const now = options.clock.now();
      const hour = hourWindow(now);
      const keys = [countedKey(triggerId, hour.name)];
      for (const counter of counters) {
        const key = counterKey(counter, hour.name);
        keys.push(key, `${key}:notified`);
      }
      const ttl = hour.endsAt - now + SKEW_MARGIN_MS;
      const [full, first] = (await admit(keys, [
        ttl,
        ...counters.map((counter) => counter.limit),
      ])) as [number, number?];
      const counter = counters[full - 1];
      if (full === 0 || !counter) return { allowed: true };
      return {
        allowed: false,
        counter,
        resetsAt: hour.endsAt,
        notify: first === 1,
      };
    },
  };
}
