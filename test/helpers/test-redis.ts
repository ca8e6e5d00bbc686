import { Redis } from "ioredis";
import { startRedisServer } from "../../scripts/start-redis-server.js";

/** A real Redis server on loopback, for one test file. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, as an operator sets `REDIS_URL`. */
  url: string;
  port: number;
  /** A new client of the server; closed by `stop`. */
  client(): Redis;
  /** Deletes every key (between tests). */
  flush(): Promise<void>;
  /** Closes the clients and stops the server. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on a free loopback port (`startRedisServer`: nothing
 * saved to disk, answering PING) with clients for the tests. The Redis-mode
 * tests run against a real server (`.ci/run` installs the Debian package);
 * there is no mock.
 *
 * @example
 * let redis: TestRedis;
 * beforeAll(async () => (redis = await startTestRedis()));
 * afterAll(() => redis.stop());
 */
export async function startTestRedis(): Promise<TestRedis> {
  const server = await startRedisServer();
  const clients: Redis[] = [];
  const client = () => {
    const made = new Redis(server.url, { maxRetriesPerRequest: null });
    clients.push(made);
    return made;
  };
  return {
    url: server.url,
    port: server.port,
    client,
    flush: async () => {
      const admin = new Redis(server.url);
      await admin.flushall();
      admin.disconnect();
    },
    stop: async () => {
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
      await server.stop();
    },
  };
}
