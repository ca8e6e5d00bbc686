import type { Redis } from "ioredis";
import type { Clock } from "../../shared/clock.js";
import { defineRedisScript } from "../../shared/redis-script.js";
import {
  spendKey,
  spendPeriod,
  type SpendCounter,
  type SpendLedger,
} from "./spend-ledger.js";

// Keys outlive their period by this much: a replica whose clock is a little
// behind still finds them. Their names carry the period, so nothing is reused.
const SKEW_MARGIN_MS = 60_000;

// KEYS: each counter's count, holds (a hash: run id -> "tokens:expiresAt")
// and "notified" keys. ARGV: the run id, the tokens wanted, the least
// granted, now and when a new hold expires (clock ms), then each counter's
// limit, then its keys' time to live (ms). Expired holds are dropped on the
// way; the run's own earlier hold is replaced, not added to.
// Returns { 0, tokens granted } when every counter has `least` left, else
// { the short counter's position (1-based), its count, what others hold,
// 2 when held by others, 1 when spent and first found so, 0 when spent }.
const RESERVE = `
local n = #KEYS / 3
local run = ARGV[1]
local tokens = tonumber(ARGV[2])
local least = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[3 * i - 2]) or '0')
  local held = 0
  local holds = redis.call('HGETALL', KEYS[3 * i - 1])
  for j = 1, #holds, 2 do
    local amount, expires = string.match(holds[j + 1], '^(%d+):(%d+)$')
    if tonumber(expires) <= now then
      redis.call('HDEL', KEYS[3 * i - 1], holds[j])
    elseif holds[j] ~= run then
      held = held + tonumber(amount)
    end
  end
  local limit = tonumber(ARGV[5 + i])
  local left = limit - used - held
  if left < least then
    if used + least <= limit then return { i, used, held, 2 } end
    local first = redis.call('SET', KEYS[3 * i], '1', 'NX', 'PX', tonumber(ARGV[5 + n + i]))
    return { i, used, held, first and 1 or 0 }
  end
  if left < tokens then tokens = left end
end
for i = 1, n do
  redis.call('HSET', KEYS[3 * i - 1], run, string.format('%d:%s', tokens, ARGV[5]))
  redis.call('PEXPIRE', KEYS[3 * i - 1], tonumber(ARGV[5 + n + i]))
end
return { 0, tokens }
`;

// KEYS: each counter's count and holds keys. ARGV: the run id, the tokens
// it spent, then each counter's time to live (ms). Returns each counter's
// count after.
const SETTLE = `
local n = #KEYS / 2
local totals = {}
for i = 1, n do
  redis.call('HDEL', KEYS[2 * i], ARGV[1])
  totals[i] = redis.call('INCRBY', KEYS[2 * i - 1], tonumber(ARGV[2]))
  redis.call('PEXPIRE', KEYS[2 * i - 1], tonumber(ARGV[2 + i]))
end
return totals
`;

/**
 * The spend ledger every replica shares: one Lua script checks every
 * counter and holds a run's ceiling in all of them at once, another
 * replaces the hold by what the run spent, so two replicas cannot both
 * grant the last of a budget or both announce it spent. Keys:
 * `askcode:spend:<scope>:<name>:<day|month>:<period>`, with `:held` and
 * `:notified` twins. The period and a hold's expiry come from the caller's
 * clock, not Redis TIME, so tests drive them with a fake clock.
 *
 * @example
 * const ledger = createRedisSpendLedger({ redis, clock: systemClock });
 */
export function createRedisSpendLedger(options: {
  redis: Redis;
  clock: Pick<Clock, "now">;
}): SpendLedger {
  const reserve = defineRedisScript(
    options.redis,
    "askcodeSpendReserve",
    RESERVE,
  );
  const settle = defineRedisScript(options.redis, "askcodeSpendSettle", SETTLE);
  // Until the period of `at` ends, seen at `now`, and a little after.
  const ttl = (counter: SpendCounter, at: number, now: number) =>
    Math.max(spendPeriod(counter.period, at).endsAt - now, 0) + SKEW_MARGIN_MS;
  return {
    async reserve(runId, counters, wanted) {
      const now = options.clock.now();
      const keys = counters.flatMap((c) => {
        const key = spendKey(c, now);
        return [key, `${key}:held`, `${key}:notified`];
      });
      const [at, first, held, kind] = (await reserve(keys, [
        runId,
        wanted.tokens,
        wanted.least,
        now,
        now + wanted.holdMs,
        ...counters.map((c) => c.limit),
        ...counters.map((c) => ttl(c, now, now)),
      ])) as [number, number, number?, number?];
      const counter = counters[at - 1];
      if (at === 0 || !counter)
        return {
          granted: true,
          tokens: first,
          hold: { runId, counters, at: now },
        };
      return {
        granted: false,
        counter,
        why: kind === 2 ? "held" : "spent",
        used: first,
        held: held ?? 0,
        renewsAt: spendPeriod(counter.period, now).endsAt,
        notify: kind !== 0,
      };
    },
    async settle(hold, tokens) {
      const now = options.clock.now();
      return (await settle(
        hold.counters.flatMap((c) => {
          const key = spendKey(c, hold.at);
          return [key, `${key}:held`];
        }),
        [hold.runId, tokens, ...hold.counters.map((c) => ttl(c, hold.at, now))],
      )) as number[];
    },
  };
}
