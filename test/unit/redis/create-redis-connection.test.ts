import nock from "nock";
import { createRedisConnection } from "../../../src/redis/create-redis-connection.js";
import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";

let redis: TestRedis;
beforeAll(async () => {
  nock.enableNetConnect("127.0.0.1");
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.stop();
  nock.disableNetConnect();
});

describe("createRedisConnection", () => {
  it.each(["commands", "worker"] as const)(
    "connects to REDIS_URL as askcode:%s, with the retry policy of its use",
    async (use) => {
      const connection = createRedisConnection(redis.url, use);
      try {
        expect(await connection.client("GETNAME")).toBe(`askcode:${use}`);
        expect(connection.options.maxRetriesPerRequest).toBe(
          use === "worker" ? null : 3,
        );
      } finally {
        await connection.quit();
      }
    },
  );
});
