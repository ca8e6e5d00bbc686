import { createRedisConnection } from "../../../../src/storage/redis/create-redis-connection.js";
import { useTestRedis } from "../../../helpers/use-test-redis.js";

const testRedis = useTestRedis();

describe("createRedisConnection", () => {
  it.each(["commands", "worker"] as const)(
    "connects to REDIS_URL as askcode:%s, with the retry policy of its use",
    async (use) => {
      const connection = createRedisConnection(testRedis().url, use);
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
