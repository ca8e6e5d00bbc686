import { DatabaseSync } from "node:sqlite";
import { createRedisSpendLedger } from "../../../src/limits/redis-spend-ledger.js";
import {
  spendPeriod,
  type SpendCounter,
  type SpendLedger,
} from "../../../src/limits/spend-ledger.js";
import { createSqliteSpendLedger } from "../../../src/limits/sqlite-spend-ledger.js";
import { createFakeClock, type FakeClock } from "../../helpers/fake-clock.js";
import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";

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
    (clock: FakeClock): SpendLedger =>
      createRedisSpendLedger({ redis: redis.client(), clock }),
  ],
  [
    "embedded store's",
    (clock: FakeClock): SpendLedger =>
      createSqliteSpendLedger({ db: new DatabaseSync(":memory:"), clock }),
  ],
])("the %s spend ledger", (_name, make) => {
  it("counts each run once, finds the budget spent at its limit, notifying once, and renews it when the period ends", async () => {
    const clock = createFakeClock(START);
    const ledger = make(clock);
    const counters = [day(1_000), month(5_000)];

    expect(await ledger.record("comment:1", counters, 600)).toStrictEqual([
      600, 600,
    ]);
    // A retried job records the same run again: nothing more is counted.
    expect(await ledger.record("comment:1", counters, 600)).toStrictEqual([
      600, 600,
    ]);
    expect(await ledger.check(counters)).toStrictEqual({ spent: false });

    await ledger.record("comment:2", counters, 500);
    expect(await ledger.check(counters)).toStrictEqual({
      spent: true,
      counter: day(1_000),
      used: 1_100,
      renewsAt: DECEMBER,
      notify: true,
    });
    expect(await ledger.check(counters)).toMatchObject({
      spent: true,
      notify: false,
    });

    // Past midnight the day's budget is fresh, and so is the month's.
    clock.advance(DECEMBER - START);
    expect(await ledger.check(counters)).toStrictEqual({ spent: false });
  });

  it("finds a month's budget spent across days", async () => {
    const clock = createFakeClock(Date.parse("2026-11-02T10:00:00Z"));
    const ledger = make(clock);
    const counters = [day(10_000), month(3_000)];

    await ledger.record("comment:1", counters, 2_000);
    clock.advance(24 * 3_600_000);
    await ledger.record("comment:2", counters, 1_500);

    expect(await ledger.check(counters)).toStrictEqual({
      spent: true,
      counter: month(3_000),
      used: 3_500,
      renewsAt: DECEMBER,
      notify: true,
    });
  });
});

it("two Redis ledgers, as two replicas, count one run once and announce a spent budget once", async () => {
  const clock = createFakeClock(START);
  const a = createRedisSpendLedger({ redis: redis.client(), clock });
  const b = createRedisSpendLedger({ redis: redis.client(), clock });
  const counters = [day(1_000)];

  await Promise.all([
    a.record("comment:7", counters, 1_000),
    b.record("comment:7", counters, 1_000),
  ]);
  const [first, second] = await Promise.all([
    a.check(counters),
    b.check(counters),
  ]);

  expect([first, second].map((v) => v.spent && v.used)).toStrictEqual([
    1_000, 1_000,
  ]);
  expect([first, second].filter((v) => v.spent && v.notify)).toHaveLength(1);
});
