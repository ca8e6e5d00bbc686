import type { Redis } from "ioredis";
import type { Clock } from "../shared/clock.js";
import { defineRedisScript } from "../shared/redis-script.js";
import {
  recordedKey,
  spendKey,
  spendPeriod,
  type SpendLedger,
} from "./spend-ledger.js";

// Keys outlive their period by this much: a replica whose clock is a little
// behind still finds them. Their names carry the period, so nothing is reused.
const SKEW_MARGIN_MS = 60_000;

// KEYS: each counter's count key, then its "notified" key. ARGV: each
// counter's limit, then its keys' time to live (ms). Returns { 0 } when
// every counter has room, else { the spent counter's position (1-based),
// its count, 1 when this is the first time it was found spent }.
const CHECK = `
local counters = #KEYS / 2
for i = 1, counters do
  local used = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  if used >= tonumber(ARGV[i]) then
    local first = redis.call('SET', KEYS[2 * i], '1', 'NX', 'PX', tonumber(ARGV[counters + i]))
    return { i, used, first and 1 or 0 }
  end
end
return { 0 }
`;

// KEYS: each counter's count key, then its "recorded" key for the run.
// ARGV: the tokens, then each counter's time to live (ms). Returns each
// counter's total after.
const RECORD = `
local counters = #KEYS / 2
local totals = {}
for i = 1, counters do
  local ttl = tonumber(ARGV[i + 1])
  if redis.call('SET', KEYS[2 * i], '1', 'NX', 'PX', ttl) then
    redis.call('INCRBY', KEYS[2 * i - 1], tonumber(ARGV[1]))
    redis.call('PEXPIRE', KEYS[2 * i - 1], ttl)
  end
  totals[i] = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
end
return totals
`;

/**
 * The spend ledger every replica shares: one Lua script checks the
 * counters, another adds a run's tokens to each once, so two replicas
 * cannot both count one run or both announce a spent budget. Keys:
 * `askcode:spend:<scope>:<name>:<day|month>:<period>`, with `:notified`
 * and `:run:<id>` twins. The period comes from the caller's clock, not
 * Redis TIME, so tests drive it with a fake clock.
 *
 * @example
 * const ledger = createRedisSpendLedger({ redis, clock: systemClock });
 */
export function createRedisSpendLedger(options: {
  redis: Redis;
  clock: Pick<Clock, "now">;
}): SpendLedger {
  const check = defineRedisScript(options.redis, "askcodeSpendCheck", CHECK);
  const record = defineRedisScript(options.redis, "askcodeSpendRecord", RECORD);
  const ttl = (period: "day" | "month", now: number) =>
    spendPeriod(period, now).endsAt - now + SKEW_MARGIN_MS;
  return {
    async check(counters) {
      const now = options.clock.now();
      const keys = counters.flatMap((c) => {
        const key = spendKey(c, now);
        return [key, `${key}:notified`];
      });
      const [at, used, first] = (await check(keys, [
        ...counters.map((c) => c.limit),
        ...counters.map((c) => ttl(c.period, now)),
      ])) as [number, number?, number?];
      const counter = counters[at - 1];
      if (at === 0 || !counter) return { spent: false };
      return {
        spent: true,
        counter,
        used: used ?? counter.limit,
        renewsAt: spendPeriod(counter.period, now).endsAt,
        notify: first === 1,
      };
    },
    async record(runId, counters, tokens) {
      const now = options.clock.now();
      return (await record(
        counters.flatMap((c) => [spendKey(c, now), recordedKey(runId, c, now)]),
        [tokens, ...counters.map((c) => ttl(c.period, now))],
      )) as number[];
    },
  };
}
