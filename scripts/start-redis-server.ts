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
  const bin = process.env.REDIS_SERVER_BIN ?? "redis-server";
  const server = spawn(
    bin,
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
  // events.once rejects when "error" comes first: a missing executable.
  const spawned = await once(server, "spawn").then(
    () => undefined,
    (error: NodeJS.ErrnoException) => error,
  );
  if (spawned)
    throw new Error(
      `Could not start ${bin} (${spawned.code === "ENOENT" ? "not found" : spawned.message}). ` +
        `Install it (Debian and Ubuntu: apt-get install redis-server; macOS: brew install redis), or set REDIS_SERVER_BIN to its path. ` +
        `Only the Redis-mode tests and benches start one; askcode itself uses the Redis that REDIS_URL names, and without REDIS_URL keeps its state in ASKCODE_DATA_DIR.`,
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
