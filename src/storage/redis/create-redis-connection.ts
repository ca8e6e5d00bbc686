import { Redis } from "ioredis";

/**
 * What a connection serves. A webhook's enqueue must fail fast when Redis is
 * down (GitHub then marks the delivery failed and it can be redelivered), so
 * `commands` gives up on a request after a few reconnection attempts. A
 * BullMQ worker blocks on Redis for the next job and must never give up
 * (BullMQ requires `maxRetriesPerRequest: null` there).
 */
export type RedisConnectionUse = "commands" | "worker";

/**
 * A connection to the operator's `REDIS_URL`, named in Redis' client list
 * so an operator can tell askcode's connections apart. Only `openStores`
 * calls it; everything else takes the connection as a parameter.
 *
 * @example
 * const commands = createRedisConnection(operator.redisUrl, "commands");
 * const worker = createRedisConnection(operator.redisUrl, "worker");
 */
export function createRedisConnection(
  url: string,
  use: RedisConnectionUse,
): Redis {
  return new Redis(url, {
    connectionName: `askcode:${use}`,
    maxRetriesPerRequest: use === "worker" ? null : 3,
  });
}
