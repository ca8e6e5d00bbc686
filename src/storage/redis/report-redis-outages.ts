import type { EventEmitter } from "node:events";
import { systemClock, type Clock } from "../../shared/clock.js";

export interface RedisOutageLog {
  error(meta: object, message: string): void;
  warn(meta: object, message: string): void;
  info(meta: object, message: string): void;
}

// What a connection attempt to an unreachable server fails with (node:net,
// node:dns), and ioredis' error for a command sent on a closed connection.
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
const isUnreachable = (error: NodeJS.ErrnoException) =>
  (error.code !== undefined && UNREACHABLE.has(error.code)) ||
  error.message === "Connection is closed.";

export interface RedisOutageSources {
  /** askcode's ioredis connections: their `ready` event ends an outage. */
  connections: EventEmitter[];
  /**
   * What re-emits those connections' errors (BullMQ's `Queue` and `Worker`,
   * whose blocking connection askcode never holds). A BullMQ object with no
   * `error` listener prints each error's stack to stderr.
   */
  relays?: EventEmitter[];
  log: RedisOutageLog;
  clock?: Clock;
}

/**
 * Turns a Redis outage into two structured log lines: one when the first
 * error arrives (its code and message, no stack) and one when a connection is
 * ready again (how long it was down). ioredis reconnects on its own and
 * emits an `error` per failed attempt on every connection, and BullMQ
 * re-emits each: a Redis restart printed 15 unstructured stack traces per
 * replica. Listening here also keeps ioredis from printing its "Unhandled
 * error event" lines.
 *
 * @example
 * reportRedisOutages({ connections: [commands, worker], relays: [queue, bullWorker], log: app.log });
 */
export function reportRedisOutages(sources: RedisOutageSources): void {
  const clock = sources.clock ?? systemClock;
  let downSince: number | undefined;
  const onError = (error: NodeJS.ErrnoException) => {
    // Anything else (a script error, a lost job lock) is worth its own line.
    if (!isUnreachable(error))
      return sources.log.error({ err: error }, "askcode met a Redis error");
    if (downSince !== undefined) return;
    downSince = clock.now();
    sources.log.warn(
      { redisError: { code: error.code, message: error.message } },
      "askcode lost its connection to Redis; it reconnects on its own and logs again once connected",
    );
  };
  const onReady = () => {
    if (downSince === undefined) return;
    const downMs = clock.now() - downSince;
    downSince = undefined;
    sources.log.info({ downMs }, "askcode is connected to Redis again");
  };
  for (const connection of sources.connections)
    connection.on("error", onError).on("ready", onReady);
  for (const relay of sources.relays ?? []) relay.on("error", onError);
}
