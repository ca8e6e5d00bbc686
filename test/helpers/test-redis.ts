import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { Redis } from "ioredis";

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
 * Starts `redis-server` on a free loopback port, with nothing saved to disk,
 * and resolves once it answers PING. The Redis-mode tests run against a real
 * server (`.ci/run` installs the Debian package); there is no mock.
 *
 * @example
 * let redis: TestRedis;
 * beforeAll(async () => (redis = await startTestRedis()));
 * afterAll(() => redis.stop());
 */
export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.env.REDIS_SERVER_BIN ?? "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const spawned = await Promise.race([
    once(server, "spawn").then(() => undefined),
    once(server, "error").then(([error]) => error as Error),
  ]);
  if (spawned)
    throw new Error(
      `Could not start redis-server (${spawned.message}). The Redis-mode tests run a real server: install it (Debian: apt-get install redis-server) or set REDIS_SERVER_BIN to its path.`,
    );
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  const client = () => {
    const made = new Redis(url, { maxRetriesPerRequest: null });
    clients.push(made);
    return made;
  };
  // Connects when the server is listening: ioredis retries the connection.
  const probe = new Redis(url, {
    retryStrategy: (times) => (times > 200 ? null : 10),
  });
  // Refused until the server listens: expected, and retried above.
  probe.on("error", () => undefined);
  try {
    await probe.ping();
  } finally {
    probe.disconnect();
  }
  return {
    url,
    port,
    client,
    flush: async () => {
      const admin = new Redis(url);
      await admin.flushall();
      admin.disconnect();
    },
    stop: async () => {
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    },
  };
}

/** A loopback port free right now (nothing listens on it once this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
