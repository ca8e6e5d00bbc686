import type { Redis } from "ioredis";

/** A Lua script on one Redis client: runs atomically, with its keys and arguments. */
export type RedisScript = (
  keys: readonly string[],
  args: ReadonlyArray<string | number>,
) => Promise<unknown>;

/**
 * Registers `lua` on `redis` under `name` (ioredis' `defineCommand`: sent
 * once, then run by its SHA) and returns a typed caller. Redis runs a
 * script with nothing else in between, which is what makes a
 * check-then-write on a shared counter safe across replicas.
 *
 * @example
 * const take = defineRedisScript(redis, "askcodeTake", "return redis.call('INCR', KEYS[1])");
 * await take(["askcode:limit:user:octocat:2026-11-22T14"], []); // 1
 */
export function defineRedisScript(
  redis: Redis,
  name: string,
  lua: string,
): RedisScript {
  redis.defineCommand(name, { lua });
  // Without `numberOfKeys`, ioredis takes the key count as the first argument.
  const command = (
    redis as unknown as Record<
      string,
      (...args: Array<string | number>) => Promise<unknown>
    >
  )[name]!;
  return (keys, args) => command.call(redis, keys.length, ...keys, ...args);
}
