import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";

describe("startTestRedis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(() => redis.stop());

  it("serves a real Redis on loopback that two clients share", async () => {
    const one = redis.client();
    const two = redis.client();
    await one.set("askcode:test", "42", "PX", 60_000);
    expect(await two.get("askcode:test")).toBe("42");
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    await redis.flush();
    expect(await two.get("askcode:test")).toBeNull();
  });
});
