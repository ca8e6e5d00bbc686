import type { DatabaseSync } from "node:sqlite";
import { memorySqliteDatabase } from "../../../helpers/memory-sqlite-database.js";
import { createRedisSpendLedger } from "../../../../src/storage/spend-ledger/redis-spend-ledger.js";
import {
  spendPeriod,
  type SpendCounter,
  type SpendGrant,
  type SpendLedger,
} from "../../../../src/storage/spend-ledger/spend-ledger.js";
import { createSqliteSpendLedger } from "../../../../src/storage/spend-ledger/sqlite-spend-ledger.js";
import {
  createFakeClock,
  type FakeClock,
} from "../../../helpers/fake-clock.js";
import { startTestRedis, type TestRedis } from "../../../helpers/test-redis.js";

// 23:50 UTC on the last day of November: the day ends in ten minutes, the month with it.
const START = Date.parse("2026-11-30T23:50:00Z");
const DECEMBER = Date.parse("2026-12-01T00:00:00Z");
const day = (limit: number): SpendCounter => ({
  scope: "repository",
  name: "octo-org/hello-world",
  period: "day",
  limit,
});
const month = (limit: number): SpendCounter => ({
  scope: "installation",
  name: "42",
  period: "month",
  limit,
});
// A run's own budget, the least it runs the model with, and its hold's life.
const WANTED = { tokens: 300_000, least: 16_600, holdMs: 240_000 };

const grantedTokens = (grant: SpendGrant) => (grant.granted ? grant.tokens : 0);

let redis: TestRedis;
beforeAll(async () => (redis = await startTestRedis()));
afterAll(() => redis.stop());
beforeEach(() => redis.flush());

describe("spendPeriod", () => {
  it("names the UTC day and month and when each ends", () => {
    expect(spendPeriod("day", START)).toStrictEqual({
      name: "2026-11-30",
      endsAt: DECEMBER,
    });
    expect(
      spendPeriod("month", Date.parse("2026-02-14T08:00:00Z")),
    ).toStrictEqual({
      name: "2026-02",
      endsAt: Date.parse("2026-03-01T00:00:00Z"),
    });
  });
});

describe.each([
  [
    "Redis",
    // Each call a client of its own, as each replica has.
    (clock: FakeClock): SpendLedger =>
      createRedisSpendLedger({ redis: redis.client(), clock }),
  ],
  [
    "embedded store's",
    (() => {
      let db: DatabaseSync | undefined;
      beforeEach(() => (db = memorySqliteDatabase()));
      // Every ledger of a test on one database, as one process's are.
      return (clock: FakeClock): SpendLedger =>
        createSqliteSpendLedger({ db: db!, clock });
    })(),
  ],
])("the %s spend ledger", (_name, make) => {
  it("grants a run its own budget, or what the tightest period has left, and settles it to what the run spent", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(100_000), month(1_000_000)];

    const first = await ledger.reserve("comment:1", counters, {
      ...WANTED,
      tokens: 40_000,
    });
    expect(first).toStrictEqual({
      granted: true,
      tokens: 40_000,
      hold: { runId: "comment:1", counters, at: START },
    });
    // 40,000 held by the first run: 60,000 left of the day.
    expect(
      grantedTokens(await ledger.reserve("comment:2", counters, WANTED)),
    ).toBe(60_000);
    if (!first.granted) throw new Error("unreachable");
    expect(await ledger.settle(first.hold, 12_000)).toStrictEqual([
      12_000, 12_000,
    ]);
    // The second run still holds 60,000; the first spent 12,000.
    expect(
      grantedTokens(await ledger.reserve("comment:3", counters, WANTED)),
    ).toBe(28_000);
  });

  it("refuses a run once the period's spend leaves less than it needs, notifying once, and renews when the period ends", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(20_000), month(5_000_000)];

    const first = await ledger.reserve("comment:1", counters, WANTED);
    expect(grantedTokens(first)).toBe(20_000);
    if (!first.granted) throw new Error("unreachable");
    await ledger.settle(first.hold, 5_000);

    // 15,000 left, less than the 16,600 a run needs.
    expect(await ledger.reserve("comment:2", counters, WANTED)).toStrictEqual({
      granted: false,
      counter: day(20_000),
      why: "spent",
      used: 5_000,
      held: 0,
      renewsAt: DECEMBER,
      notify: true,
    });
    expect(await ledger.reserve("comment:3", counters, WANTED)).toMatchObject({
      granted: false,
      why: "spent",
      notify: false,
    });

    // Past midnight the day's budget is fresh, and so is the month's.
    clock.advance(DECEMBER - START);
    expect(
      grantedTokens(await ledger.reserve("comment:4", counters, WANTED)),
    ).toBe(20_000);
  });

  it("refuses a run while others hold the budget, each time, and grants it once they settle", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(20_000)];

    const first = await ledger.reserve("comment:1", counters, WANTED);
    const held = {
      granted: false,
      counter: day(20_000),
      why: "held",
      used: 0,
      held: 20_000,
      renewsAt: DECEMBER,
      notify: true,
    };
    expect(await ledger.reserve("comment:2", counters, WANTED)).toStrictEqual(
      held,
    );
    expect(await ledger.reserve("comment:2", counters, WANTED)).toStrictEqual(
      held,
    );

    if (!first.granted) throw new Error("unreachable");
    // A run that never asked the model gives its hold back whole.
    await ledger.settle(first.hold, 0);
    expect(
      grantedTokens(await ledger.reserve("comment:2", counters, WANTED)),
    ).toBe(20_000);
  });

  it("gives back the hold of a run whose process died once it expires, and lets its retry replace it", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(40_000)];

    await ledger.reserve("comment:1", counters, WANTED);
    // The retry of the same run replaces its hold instead of adding to it.
    expect(
      grantedTokens(await ledger.reserve("comment:1", counters, WANTED)),
    ).toBe(40_000);
    expect((await ledger.reserve("comment:2", counters, WANTED)).granted).toBe(
      false,
    );

    clock.advance(WANTED.holdMs - 1);
    expect((await ledger.reserve("comment:2", counters, WANTED)).granted).toBe(
      false,
    );
    clock.advance(1);
    expect(
      grantedTokens(await ledger.reserve("comment:2", counters, WANTED)),
    ).toBe(40_000);
  });

  it("settles a run in the period it was granted in, after midnight too", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(100_000), month(1_000_000)];

    const run = await ledger.reserve("comment:1", counters, WANTED);
    clock.advance(DECEMBER - START + 60_000);
    if (!run.granted) throw new Error("unreachable");
    // November's month and day carry it; December's are untouched.
    expect(await ledger.settle(run.hold, 30_000)).toStrictEqual([
      30_000, 30_000,
    ]);
    expect(
      grantedTokens(await ledger.reserve("comment:2", counters, WANTED)),
    ).toBe(100_000);
  });

  it("finds a month's budget spent across days", async () => {
    const clock = createFakeClock(Date.parse("2026-11-02T10:00:00Z"));
    const ledger = make(clock);
    const counters = [day(100_000), month(60_000)];

    const first = await ledger.reserve("comment:1", counters, WANTED);
    if (!first.granted) throw new Error("unreachable");
    await ledger.settle(first.hold, 30_000);
    clock.advance(24 * 3_600_000);
    const second = await ledger.reserve("comment:2", counters, WANTED);
    expect(grantedTokens(second)).toBe(30_000);
    if (!second.granted) throw new Error("unreachable");
    await ledger.settle(second.hold, 15_000);

    expect(await ledger.reserve("comment:3", counters, WANTED)).toStrictEqual({
      granted: false,
      counter: month(60_000),
      why: "spent",
      used: 45_000,
      held: 0,
      renewsAt: DECEMBER,
      notify: true,
    });
  });

  it("never grants runs at once more than the budget, however many ask together", async () => {
    const clock = createFakeClock(START);
    const counters = [day(100_000), month(250_000)];
    const wanted = { ...WANTED, tokens: 30_000 };
    // Eight runs at once, each through a ledger of its own (a replica, or a
    // job of the one process): three hold 30,000 of the day's 100,000, and
    // the 10,000 left is less than a run needs.
    const ask = (from: number) =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          make(clock).reserve(`comment:${from + i}`, counters, wanted),
        ),
      );
    const grants = await ask(0);
    expect(grants.map(grantedTokens).sort((a, b) => b - a)).toStrictEqual([
      30_000, 30_000, 30_000, 0, 0, 0, 0, 0,
    ]);

    // Each spends all it was granted; in December's first day eight more
    // runs at once share a fresh 100,000 the same way.
    await Promise.all(
      grants.map((g) => g.granted && make(clock).settle(g.hold, g.tokens)),
    );
    clock.advance(DECEMBER - START + 60_000);
    const next = (await ask(8)).map(grantedTokens);
    expect(next.reduce((a, b) => a + b)).toBe(90_000);
  });
});

it("two Redis ledgers, as two replicas, announce a spent budget once", async () => {
  const clock = createFakeClock(START);
  const a = createRedisSpendLedger({ redis: redis.client(), clock });
  const b = createRedisSpendLedger({ redis: redis.client(), clock });
  const counters = [day(20_000)];

  const run = await a.reserve("comment:7", counters, WANTED);
  if (!run.granted) throw new Error("unreachable");
  await b.settle(run.hold, 20_000);
  const [first, second] = await Promise.all([
    a.reserve("comment:8", counters, WANTED),
    b.reserve("comment:9", counters, WANTED),
  ]);

  expect([first, second].map((v) => !v.granted && v.used)).toStrictEqual([
    20_000, 20_000,
  ]);
  expect([first, second].filter((v) => !v.granted && v.notify)).toHaveLength(1);
});
