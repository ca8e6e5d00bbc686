import { startRedisServer } from "../../../scripts/start-redis-server.js";

describe("startRedisServer", () => {
  const had = process.env.REDIS_SERVER_BIN;
  afterEach(() => {
    if (had === undefined) delete process.env.REDIS_SERVER_BIN;
    else process.env.REDIS_SERVER_BIN = had;
  });

  it("says how to get redis-server when it is missing, and that the app needs none without REDIS_URL", async () => {
    process.env.REDIS_SERVER_BIN = "/nonexistent-askcode-test/redis-server";
    await expect(startRedisServer()).rejects.toThrow(
      new Error(
        "Could not start /nonexistent-askcode-test/redis-server (not found). " +
          "Install it (Debian and Ubuntu: apt-get install redis-server; macOS: brew install redis), or set REDIS_SERVER_BIN to its path. " +
          "Only the Redis-mode tests and benches start one; askcode itself uses the Redis that REDIS_URL names, and without REDIS_URL keeps its state in ASKCODE_DATA_DIR.",
      ),
    );
  });
});
