import { createRedisSearchPacer } from "../../../../src/code-host/github/search-pacer-redis.js";
import { createDeadline } from "../../../../src/shared/deadline.js";
import {
  createManualClock,
  type ManualClock,
} from "../../../helpers/manual-clock.js";
import { startTestRedis, type TestRedis } from "../../../helpers/test-redis.js";

const START = 1_700_000_000_000;
const KEY = "installation:42";

let redis: TestRedis;
beforeAll(async () => (redis = await startTestRedis()));
afterAll(() => redis.stop());
beforeEach(() => redis.flush());

/**
 * Two replicas: two pacers, each on its own Redis connection, one clock
 * (time moves only when the test says). `settle` waits, turn by turn of the
 * event loop, until every replica that still has callers waiting is asleep
 * on the clock: then nothing more can start before time moves.
 */
function twoReplicas(requestsPerMinute: number) {
  const clock = createManualClock(START);
  const replicas = ["A", "B"].map((name) => {
    const client = redis.client();
    return {
      name,
      client,
      pacer: createRedisSearchPacer({
        redis: client,
        clock,
        requestsPerMinute,
      }),
      pending: 0,
    };
  });
  /** When each search started (s after START), and on which replica. */
  const started: Array<{ replica: string; at: number }> = [];
  const settled: string[] = [];
  const ask = (
    replica: (typeof replicas)[number],
    who: string,
    budgetMs?: number,
  ) => {
    replica.pending++;
    return replica.pacer
      .acquire(KEY, budgetMs ? createDeadline(clock, budgetMs) : undefined)
      .then((free) => {
        replica.pending--;
        const at = (clock.now() - START) / 1000;
        if (free) started.push({ replica: replica.name, at });
        settled.push(`${who} ${free ? "starts" : "gives up"} at ${at} s`);
      });
  };
  const settle = () => settleReplicas(clock, replicas);
  const moveTo = async (seconds: number) => {
    await settle();
    clock.advance(START + seconds * 1000 - clock.now());
    await settle();
  };
  return { clock, replicas, started, settled, ask, settle, moveTo };
}

async function settleReplicas(
  clock: ManualClock,
  replicas: ReadonlyArray<{ pending: number }>,
): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    const waiting = replicas.filter((replica) => replica.pending > 0).length;
    if (clock.sleeping === waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("the replicas never settled");
}

/** The most searches that started in any 60 s window. */
function busiestMinute(times: number[]): number {
  return Math.max(
    ...times.map(
      (from) => times.filter((t) => t >= from && t < from + 60).length,
    ),
  );
}

describe("createRedisSearchPacer", () => {
  it("lets two replicas start no more than the budget in any 60 s, between them", async () => {
    const { replicas, started, ask, moveTo } = twoReplicas(3);
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];

    const all = Promise.all(
      Array.from({ length: 5 }, (_, i) => [
        ask(a, `a${i}`),
        ask(b, `b${i}`),
      ]).flat(),
    );
    for (let seconds = 0; seconds <= 180; seconds += 5) await moveTo(seconds);
    await all;

    const times = started.map((s) => s.at).sort((x, y) => x - y);
    expect(busiestMinute(times)).toBe(3);
    // The budget is shared, not wasted: 3 a minute, every minute.
    expect(times).toStrictEqual([0, 0, 0, 60, 60, 60, 120, 120, 120, 180]);
    expect(new Set(started.map((s) => s.replica))).toStrictEqual(
      new Set(["A", "B"]),
    );
  });

  it("gives up a run's turn after half the time it had left, counting nothing for it", async () => {
    const { replicas, settled, ask, moveTo } = twoReplicas(1);
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];

    const first = ask(a, "a");
    await moveTo(0);
    // 40 s left when it asks: it waits 20 s at most, and the next turn is at 60 s.
    const short = ask(b, "short run", 40_000);
    await moveTo(20);
    await short;
    const next = ask(b, "b");
    await moveTo(60);
    await Promise.all([first, next]);

    expect(settled).toStrictEqual([
      "a starts at 0 s",
      "short run gives up at 20 s",
      // The slot at 60 s is free: the run that gave up took none.
      "b starts at 60 s",
    ]);
  });

  it("holds both replicas until x-ratelimit-reset when one saw remaining=0", async () => {
    const { replicas, settled, ask, moveTo } = twoReplicas(9);
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    a.pacer.observe(KEY, {
      "x-ratelimit-limit": "10",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(START / 1000 + 20),
      "x-ratelimit-resource": "code_search",
    });
    // Redis answers a connection in order: once this returns, the observation is stored.
    await a.client.ping();
    const both = Promise.all([ask(a, "a"), ask(b, "b")]);
    await moveTo(20);
    expect(settled).toStrictEqual([]);
    await moveTo(21);
    await both;

    // One second after the reset, as plugin-throttling retries.
    expect(settled.sort()).toStrictEqual([
      "a starts at 21 s",
      "b starts at 21 s",
    ]);
  });

  it("adopts a lower x-ratelimit-limit one replica saw for the other", async () => {
    const { replicas, started, ask, moveTo } = twoReplicas(9);
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];

    a.pacer.observe(KEY, {
      "x-ratelimit-limit": "2",
      "x-ratelimit-resource": "code_search",
    });
    await a.client.ping();
    const all = Promise.all([ask(b, "b1"), ask(b, "b2"), ask(b, "b3")]);
    for (let seconds = 0; seconds <= 60; seconds += 30) await moveTo(seconds);
    await all;

    expect(started.map((s) => s.at)).toStrictEqual([0, 0, 60]);
  });
});
