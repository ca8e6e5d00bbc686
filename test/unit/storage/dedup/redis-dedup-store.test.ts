import { dedupKeys } from "../../../../src/storage/dedup/dedup-store.js";
import { createRedisDedupStore } from "../../../../src/storage/dedup/redis-dedup-store.js";
import { useTestRedis } from "../../../helpers/use-test-redis.js";

const testRedis = useTestRedis();

const job = (deliveryId: string, triggerId: string) => ({
  deliveryId,
  triggerId,
});

describe("createRedisDedupStore", () => {
  it("lets one of two replicas claim a delivery both received at once", async () => {
    // Two app instances: each its own connection and its own store.
    const replicas = [testRedis().client(), testRedis().client()].map(
      (client) => createRedisDedupStore(client),
    );

    const claims = await Promise.all(
      replicas.flatMap((replica) =>
        Array.from({ length: 10 }, () =>
          replica.claim(job("d-1", "comment:1")),
        ),
      ),
    );

    expect(claims.filter((claim) => claim === "claimed")).toHaveLength(1);
    expect(claims.filter((claim) => claim === "duplicate")).toHaveLength(19);
  });

  it("treats a new delivery of a claimed comment, and a redelivery, as duplicates; a duplicate claims nothing anew", async () => {
    const [first, second] = [testRedis().client(), testRedis().client()].map(
      (client) => createRedisDedupStore(client),
    );
    await first!.claim(job("d-1", "comment:1"));

    expect(await second!.claim(job("d-2", "comment:1"))).toBe("duplicate");
    expect(await second!.claim(job("d-1", "comment:2"))).toBe("duplicate");
    expect(
      await testRedis()
        .client()
        .exists(...dedupKeys(job("d-2", "comment:2"))),
    ).toBe(0);
    expect(await second!.claim(job("d-2", "comment:2"))).toBe("claimed");
  });

  it("keeps both keys, named for what they hold, for the TTL, then forgets them", async () => {
    const client = testRedis().client();
    const dedup = createRedisDedupStore(client, { ttlMs: 60_000 });
    await dedup.claim(job("d-1", "comment:1"));

    const keys = dedupKeys(job("d-1", "comment:1"));
    expect(keys).toStrictEqual([
      "askcode:dedup:delivery:d-1",
      "askcode:dedup:trigger:comment:1",
    ]);
    for (const key of keys) {
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }

    // Expire them now rather than wait: Redis then forgets them as it would after a day.
    for (const key of keys) await client.pexpire(key, 0);
    expect(await client.exists(...keys)).toBe(0);
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
  });
});
