import { createMemoryDedupStore } from "../../../helpers/memory-dedup-store.js";
import { createManualClock } from "../../../helpers/manual-clock.js";

const job = (deliveryId: string, triggerId: string) => ({
  deliveryId,
  triggerId,
});

describe("createMemoryDedupStore", () => {
  it("claims a delivery once and a trigger once; a duplicate claims nothing anew", async () => {
    const dedup = createMemoryDedupStore();

    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
    expect(await dedup.claim(job("d-1", "comment:2"))).toBe("duplicate"); // redelivered
    expect(await dedup.claim(job("d-2", "comment:1"))).toBe("duplicate"); // same comment
    // comment:2 came with a duplicate delivery, so it was not taken.
    expect(await dedup.claim(job("d-3", "comment:2"))).toBe("claimed");
  });

  it("forgets an id once its TTL has passed on the clock", async () => {
    const clock = createManualClock();
    const dedup = createMemoryDedupStore({ ttlMs: 1000, clock });
    await dedup.claim(job("d-1", "comment:1"));

    clock.advance(999);
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("duplicate");
    clock.advance(2);
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
  });

  it("is bounded: the least recently claimed ids go first", async () => {
    const dedup = createMemoryDedupStore({ max: 4 });
    await dedup.claim(job("d-1", "comment:1"));
    await dedup.claim(job("d-2", "comment:2"));
    await dedup.claim(job("d-3", "comment:3"));

    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
    expect(await dedup.claim(job("d-3", "comment:3"))).toBe("duplicate");
  });
});
