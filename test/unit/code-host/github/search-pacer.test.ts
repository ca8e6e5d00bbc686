import { createSearchPacer } from "../../../../src/code-host/github/search-pacer.js";
import { createDeadline } from "../../../../src/shared/deadline.js";
import { createFakeClock } from "../../../helpers/fake-clock.js";
import { createManualClock } from "../../../helpers/manual-clock.js";

const START = 1_700_000_000_000;

function setup(requestsPerMinute?: number) {
  const clock = createFakeClock(START);
  // Like a real sleep, this one yields to the event loop before time moves,
  // so every caller let through before it records the time it started.
  const yielding = {
    now: clock.now,
    timeout: clock.timeout,
    sleep: (ms: number) =>
      new Promise<void>((resolve) =>
        setImmediate(() => void clock.sleep(ms).then(resolve)),
      ),
  };
  const pacer = createSearchPacer({ clock: yielding, requestsPerMinute });
  // When (ms after START) each caller was let through, in the order it happened.
  const started: Array<{ who: string; at: number }> = [];
  const acquire = (key: string, who: string) =>
    pacer.acquire(key).then(() => {
      started.push({ who, at: clock.now() - START });
    });
  return { clock, pacer, started, acquire };
}

describe("createSearchPacer", () => {
  it("lets a burst of 9 through at once and holds the 10th until the window frees", async () => {
    const { clock, started, acquire } = setup();

    await Promise.all(
      Array.from({ length: 10 }, (_, i) => acquire("installation:1", `q${i}`)),
    );

    expect(started.slice(0, 9).every((s) => s.at === 0)).toBe(true);
    expect(started[9]).toStrictEqual({ who: "q9", at: 60_000 });
    expect(clock.sleeps).toStrictEqual([60_000]);
  });

  it("serves one installation's callers first come, first served", async () => {
    const { started, acquire } = setup(2);

    await Promise.all(
      ["a", "b", "c", "d", "e"].map((who) => acquire("i:1", who)),
    );

    expect(started).toStrictEqual([
      { who: "a", at: 0 },
      { who: "b", at: 0 },
      { who: "c", at: 60_000 },
      { who: "d", at: 60_000 },
      { who: "e", at: 120_000 },
    ]);
  });

  it("gives up a run's turn after half the time it had left, counting nothing, and serves the next caller", async () => {
    const clock = createManualClock(START);
    const pacer = createSearchPacer({ clock, requestsPerMinute: 1 });
    const settled: string[] = [];
    const ask = (who: string, budgetMs?: number) =>
      pacer
        .acquire("i:1", budgetMs ? createDeadline(clock, budgetMs) : undefined)
        .then((free) => {
          settled.push(
            `${who} ${free ? "starts" : "gives up"} at ${(clock.now() - START) / 1000} s`,
          );
        });
    const moveTo = async (seconds: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      clock.advance(START + seconds * 1000 - clock.now());
      await new Promise((resolve) => setImmediate(resolve));
    };

    const all = Promise.all([
      ask("a"),
      // 40 s left when it asks: it waits 20 s at most, and the next turn is at 60 s.
      ask("short run", 40_000),
      ask("c"),
      // 300 s left: the turn after "c", at 120 s, is within its 150 s.
      ask("long run", 300_000),
    ]);
    await moveTo(20);
    await moveTo(60);
    await moveTo(120);
    await all;

    // The run that gave up took no turn: "c" has the one at 60 s.
    expect(settled).toStrictEqual([
      "a starts at 0 s",
      "short run gives up at 20 s",
      "c starts at 60 s",
      "long run starts at 120 s",
    ]);
  });

  it("answers at once, without a turn, for a run whose time is already spent", async () => {
    const { clock, pacer } = setup(1);
    const deadline = createDeadline(clock, 1_000);
    clock.advance(1_000);

    await expect(pacer.acquire("i:1", deadline)).resolves.toBe(false);
    await expect(pacer.acquire("i:1")).resolves.toBe(true);
    expect(clock.sleeps).toStrictEqual([]);
  });

  it("slides the window: a slot frees 60 s after the search that used it", async () => {
    const { clock, started, acquire } = setup(2);

    await acquire("i:1", "a");
    clock.advance(30_000);
    await acquire("i:1", "b");
    await acquire("i:1", "c");

    // "a" started at 0, so "c" may start at 60 s, not at 90 s (60 s after "b").
    expect(started.map((s) => s.at)).toStrictEqual([0, 30_000, 60_000]);
    expect(clock.sleeps).toStrictEqual([30_000]);
  });

  it("keeps installations independent: one waiting does not hold another", async () => {
    const { clock, started, acquire } = setup(1);

    await Promise.all([
      acquire("installation:1", "one"),
      acquire("installation:1", "one again"),
      acquire("installation:2", "two"),
    ]);

    expect(started).toStrictEqual([
      { who: "one", at: 0 },
      { who: "two", at: 0 },
      { who: "one again", at: 60_000 },
    ]);
    expect(clock.sleeps).toStrictEqual([60_000]);
  });

  it("waits for x-ratelimit-reset when GitHub says remaining=0, for that installation only", async () => {
    const { clock, pacer, started, acquire } = setup();
    const resetSeconds = START / 1000 + 20;

    await acquire("installation:1", "first");
    pacer.observe("installation:1", {
      "x-ratelimit-limit": "10",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(resetSeconds),
      "x-ratelimit-resource": "code_search",
    });
    await acquire("installation:2", "other");
    await acquire("installation:1", "second");

    expect(started).toStrictEqual([
      { who: "first", at: 0 },
      { who: "other", at: 0 },
      // One second after the reset, as plugin-throttling retries.
      { who: "second", at: 21_000 },
    ]);
    expect(clock.sleeps).toStrictEqual([21_000]);
  });

  it("counts down GitHub's remaining searches within its window", async () => {
    const { pacer, started, acquire } = setup();

    pacer.observe("i:1", {
      "x-ratelimit-remaining": 2,
      "x-ratelimit-reset": START / 1000 + 40,
      "x-ratelimit-resource": "code_search",
    });
    // A late response from the same window that says more is left changes nothing.
    pacer.observe("i:1", {
      "x-ratelimit-remaining": 5,
      "x-ratelimit-reset": START / 1000 + 40,
      "x-ratelimit-resource": "code_search",
    });
    await Promise.all(["a", "b", "c"].map((who) => acquire("i:1", who)));

    expect(started.map((s) => s.at)).toStrictEqual([0, 0, 41_000]);
  });

  it("adopts a lower x-ratelimit-limit and ignores headers of other resources", async () => {
    const { pacer, started, acquire } = setup();

    pacer.observe("i:1", {
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(START / 1000 + 50),
      "x-ratelimit-resource": "core",
    });
    pacer.observe("i:1", {
      "x-ratelimit-limit": "1",
      "x-ratelimit-resource": "code_search",
    });
    await Promise.all(["a", "b"].map((who) => acquire("i:1", who)));

    expect(started.map((s) => s.at)).toStrictEqual([0, 60_000]);
  });

  it("bounds a reset that lies beyond one window (clock skew) to a minute", async () => {
    const { pacer, started, acquire } = setup();

    pacer.observe("i:1", {
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(START / 1000 + 3600),
      "x-ratelimit-resource": "code_search",
    });
    await acquire("i:1", "a");

    expect(started).toStrictEqual([{ who: "a", at: 60_000 }]);
  });

  it("refuses a budget that is not a whole number of searches", () => {
    expect(() =>
      createSearchPacer({ clock: createFakeClock(), requestsPerMinute: 0 }),
    ).toThrow(
      "requestsPerMinute must be a whole number of 1 or more; received 0",
    );
  });
});
