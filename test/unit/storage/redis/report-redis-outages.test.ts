import type { EventEmitter } from "node:events";
import { jest } from "@jest/globals";
import { Queue, Worker } from "bullmq";
import nock from "nock";
import { freeLoopbackPort } from "../../../../scripts/free-loopback-port.js";
import { startRedisServer } from "../../../../scripts/start-redis-server.js";
import { createRedisConnection } from "../../../../src/storage/redis/create-redis-connection.js";
import { reportRedisOutages } from "../../../../src/storage/redis/report-redis-outages.js";
import { createManualClock } from "../../../helpers/manual-clock.js";

/** Resolves when `emitter` emits `event` `count` times in all. */
function times(emitter: EventEmitter, event: string, count: number) {
  return new Promise<void>((resolve) => {
    let seen = 0;
    const on = () => {
      if (++seen < count) return;
      emitter.off(event, on);
      resolve();
    };
    emitter.on(event, on);
  });
}

beforeAll(() => nock.enableNetConnect("127.0.0.1"));
afterAll(() => nock.disableNetConnect());

describe("reportRedisOutages", () => {
  it("logs a Redis restart as one line when it is lost and one when it is back, structured, with nothing on stderr", async () => {
    const port = await freeLoopbackPort();
    let server = await startRedisServer({ port });
    const url = `redis://127.0.0.1:${port}`;
    // askcode's connections and BullMQ on them, as the Redis queue builds them.
    const commands = createRedisConnection(url, "commands");
    const workerConnection = createRedisConnection(url, "worker");
    const queue = new Queue("outage", { connection: commands });
    const worker = new Worker("outage", async () => undefined, {
      connection: workerConnection,
    });
    const lines: Array<[string, object, string]> = [];
    const log = {
      error: (meta: object, message: string) =>
        lines.push(["error", meta, message]),
      warn: (meta: object, message: string) =>
        lines.push(["warn", meta, message]),
      info: (meta: object, message: string) =>
        lines.push(["info", meta, message]),
    };
    const clock = createManualClock();
    reportRedisOutages({
      connections: [commands, workerConnection],
      relays: [queue, worker],
      log,
      clock,
    });
    const stderr = jest.spyOn(console, "error");
    try {
      await worker.waitUntilReady();
      await queue.waitUntilReady();

      // Several failed reconnection attempts on every connection, relayed by BullMQ.
      const failing = times(queue, "error", 3);
      await server.stop();
      await failing;
      clock.advance(1500);
      const back = times(commands, "ready", 1);
      server = await startRedisServer({ port });
      await back;
      await queue.add("after", {});

      expect(lines).toStrictEqual([
        [
          "warn",
          {
            redisError: {
              code: expect.stringMatching(
                /^(ECONNREFUSED|ECONNRESET)$/,
              ) as string,
              message: expect.any(String) as string,
            },
          },
          "askcode lost its connection to Redis; it reconnects on its own and logs again once connected",
        ],
        ["info", { downMs: 1500 }, "askcode is connected to Redis again"],
      ]);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      await worker.close();
      await queue.close();
      await Promise.all([commands.quit(), workerConnection.quit()]);
      await server.stop();
    }
  });
});
