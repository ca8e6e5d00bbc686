import { memorySqliteDatabase } from "../../../helpers/memory-sqlite-database.js";
import { createSqliteDedupStore } from "../../../../src/storage/dedup/sqlite-dedup-store.js";
import { createManualClock } from "../../../helpers/manual-clock.js";

const job = (deliveryId: string, triggerId: string) => ({
  deliveryId,
  triggerId,
});

describe("createSqliteDedupStore", () => {
  it("claims a delivery once and a trigger once; a duplicate claims nothing anew; a release frees both", async () => {
    const dedup = createSqliteDedupStore(memorySqliteDatabase());

    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
    expect(await dedup.claim(job("d-1", "comment:2"))).toBe("duplicate"); // redelivered
    expect(await dedup.claim(job("d-2", "comment:1"))).toBe("duplicate"); // same comment
    expect(await dedup.claim(job("d-3", "comment:2"))).toBe("claimed");
    await dedup.release(job("d-1", "comment:1"));
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");
  });

  it("forgets an id once its TTL has passed on the clock, whether or not it was pruned yet", async () => {
    const clock = createManualClock();
    const db = memorySqliteDatabase();
    const dedup = createSqliteDedupStore(db, { ttlMs: 1000, clock });
    await dedup.claim(job("d-1", "comment:1"));

    clock.advance(999);
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("duplicate");
    clock.advance(2);
    expect(await dedup.claim(job("d-1", "comment:1"))).toBe("claimed");

    // Expired rows go within a minute, so the table does not grow for ever.
    await dedup.claim(job("d-2", "comment:2"));
    clock.advance(61_000);
    await dedup.claim(job("d-3", "comment:3"));
    const rows = db.prepare("SELECT key FROM dedup_claims").all();
    expect(rows.map((row) => row.key)).toStrictEqual([
      "askcode:dedup:delivery:d-3",
      "askcode:dedup:trigger:comment:3",
    ]);
  });
});
