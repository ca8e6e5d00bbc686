import { memorySqliteDatabase } from "../../../helpers/memory-sqlite-database.js";
import { createMemoryQuestionLimiter } from "../../../helpers/memory-question-limiter.js";
import type {
  LimitCounter,
  QuestionLimiter,
} from "../../../../src/storage/question-limiter/question-limiter.js";
import { createRedisQuestionLimiter } from "../../../../src/storage/question-limiter/redis-question-limiter.js";
import { createSqliteQuestionLimiter } from "../../../../src/storage/question-limiter/sqlite-question-limiter.js";
import {
  createFakeClock,
  type FakeClock,
} from "../../../helpers/fake-clock.js";
import { startTestRedis, type TestRedis } from "../../../helpers/test-redis.js";

// 14:37 UTC: the hour ends 23 minutes later.
const START = Date.parse("2026-11-22T14:37:00Z");
const user = (limit: number): LimitCounter => ({
  scope: "user",
  name: "octocat",
  limit,
});
const repository = (limit: number): LimitCounter => ({
  scope: "repository",
  name: "octo-org/hello-world",
  limit,
});

let redis: TestRedis;
beforeAll(async () => (redis = await startTestRedis()));
// A fresh in-memory SQLite database per limiter: the same SQL as on disk.
const sqlite = () => memorySqliteDatabase();
afterAll(() => redis.stop());
beforeEach(() => redis.flush());

describe.each([
  [
    "memory",
    (clock: FakeClock): QuestionLimiter =>
      createMemoryQuestionLimiter({ clock }),
  ],
  [
    "Redis",
    (clock: FakeClock): QuestionLimiter =>
      createRedisQuestionLimiter({ redis: redis.client(), clock }),
  ],
  [
    "embedded store's",
    (clock: FakeClock): QuestionLimiter =>
      createSqliteQuestionLimiter({ db: sqlite(), clock }),
  ],
])("the %s question limiter", (_name, make) => {
  it("lets the limit through, then refuses until the hour ends, notifying once", async () => {
    const clock = createFakeClock(START);
    const limiter = make(clock);
    const ask = (id: number) => limiter.admit(`comment:${id}`, [user(2)]);

    expect(await ask(1)).toStrictEqual({ allowed: true });
    expect(await ask(2)).toStrictEqual({ allowed: true });
    const hourEnds = Date.parse("2026-11-22T15:00:00Z");
    expect(await ask(3)).toStrictEqual({
      allowed: false,
      counter: user(2),
      resetsAt: hourEnds,
      notify: true,
    });
    clock.advance(20 * 60_000);
    expect(await ask(4)).toStrictEqual({
      allowed: false,
      counter: user(2),
      resetsAt: hourEnds,
      notify: false,
    });
    clock.advance(3 * 60_000);
    expect(await ask(5)).toStrictEqual({ allowed: true });
  });

  it("counts a question once, however often it is delivered", async () => {
    const limiter = make(createFakeClock(START));

    for (let delivery = 0; delivery < 3; delivery++)
      expect(await limiter.admit("comment:1", [user(1)])).toStrictEqual({
        allowed: true,
      });
    expect((await limiter.admit("comment:2", [user(1)])).allowed).toBe(false);
  });

  it("counts a refused question against nothing, and names the counter that is full", async () => {
    const limiter = make(createFakeClock(START));

    expect(
      await limiter.admit("comment:1", [user(1), repository(2)]),
    ).toStrictEqual({
      allowed: true,
    });
    // The person is over; the repository's second question is not spent on it.
    const refused = await limiter.admit("comment:2", [user(1), repository(2)]);
    expect(refused.allowed || refused.counter).toStrictEqual(user(1));
    expect(
      await limiter.admit("comment:3", [
        { ...user(1), name: "hubot" },
        repository(2),
      ]),
    ).toStrictEqual({ allowed: true });
    const full = await limiter.admit("comment:4", [
      { ...user(1), name: "monalisa" },
      repository(2),
    ]);
    expect(full.allowed || full.counter).toStrictEqual(repository(2));
  });
});

describe("createRedisQuestionLimiter on two replicas", () => {
  it("shares the count: of questions racing on two replicas, exactly the limit get through, and one notice", async () => {
    const clock = createFakeClock(START);
    const replicas = [redis.client(), redis.client()].map((client) =>
      createRedisQuestionLimiter({ redis: client, clock }),
    );

    const verdicts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        replicas[i % 2]!.admit(`comment:${i}`, [repository(5)]),
      ),
    );

    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect(verdicts.filter((v) => !v.allowed && v.notify)).toHaveLength(1);
    const keys = await redis.client().keys("askcode:limit:repository:*");
    expect(keys.sort()).toStrictEqual([
      "askcode:limit:repository:octo-org/hello-world:2026-11-22T14",
      "askcode:limit:repository:octo-org/hello-world:2026-11-22T14:notified",
    ]);
  });

  it("lets its keys expire after the hour they count", async () => {
    const client = redis.client();
    const limiter = createRedisQuestionLimiter({
      redis: client,
      clock: createFakeClock(START),
    });
    await limiter.admit("comment:1", [user(3)]);

    const ttl = await client.pttl("askcode:limit:user:octocat:2026-11-22T14");
    // 23 minutes to the hour, and a minute for replicas' clocks to differ.
    expect(ttl).toBeGreaterThan(23 * 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 60_000);
  });
});
