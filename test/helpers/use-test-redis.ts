import nock from "nock";
import { startTestRedis, type TestRedis } from "./test-redis.js";

/**
 * A real Redis for the test file: started before its tests (loopback let
 * through nock), emptied after each, stopped after all. Call at the top of
 * a file; read the server through the returned getter inside tests.
 *
 * @example
 * const redis = useTestRedis();
 * it("…", async () => { const client = redis().client(); … });
 */
export function useTestRedis(): () => TestRedis {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    nock.enableNetConnect("127.0.0.1");
    redis = await startTestRedis();
  });
  afterEach(() => redis?.flush());
  afterAll(async () => {
    await redis?.stop();
    nock.disableNetConnect();
  });
  return () => {
    if (!redis) throw new Error("the test Redis is not started yet");
    return redis;
  };
}
