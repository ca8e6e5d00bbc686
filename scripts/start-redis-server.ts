import { spawn } from "node:child_process";
import { once } from "node:events";
import { Redis } from "ioredis";
import { freeLoopbackPort } from "./free-loopback-port.js";

/** A `redis-server` process on loopback, started by `startRedisServer`. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, as an operator sets `REDIS_URL`. */
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` (or `REDIS_SERVER_BIN`) on a free loopback port, with
 * nothing saved to disk, and resolves once it answers PING. The Redis-mode
 * tests and the two-replica burst bench run against a real server.
 *
 * @example
 * const redis = await startRedisServer();
 * spawn("node", ["dist/server/main.js"], { env: { ...env, REDIS_URL: redis.url } });
 * await redis.stop();
 */
export async function startRedisServer(
  options: {
    /** The port to listen on (default: a free one); a test that restarts Redis starts it again on the same. */
    port?: number;
  } = {},
): Promise<RedisServer> {
  const port = options.port ?? (await freeLoopbackPort());
  const server = spawn(
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
      `Could not start redis-server (${spawned.message}): install it (Debian: apt-get install redis-server) or set REDIS_SERVER_BIN to its path.`,
    );
  const url = `redis://127.0.0.1:${port}`;
  // Connects when the server is listening: ioredis retries the connection,
  // and the PING waits for it, however long a loaded machine takes to start
  // the server; only the server's exit ends the wait (a count of retries,
  // as before, failed there).
  const probe = new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: () => 10,
  });
  // Refused until the server listens: expected.
  probe.on("error", () => {});
  let stderr = "";
  server.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null }>(
    (resolve) =>
      server.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
    const ended = await Promise.race([
      probe.ping().then(() => undefined),
      exited,
    ]);
    if (ended)
      throw new Error(
        `redis-server exited (${String(ended.code ?? ended.signal)}) before answering PING on port ${port}: ${stderr.trim()}`,
      );
  } finally {
    probe.disconnect();
  }
  return {
    url,
    port,
    stop: async () => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    },
  };
}
