import { memorySqliteDatabase } from "../../../helpers/memory-sqlite-database.js";
import type {
  CommitHistory,
  KeptCommit,
} from "../../../../src/storage/commit-history/commit-history.js";
import { createRedisCommitHistory } from "../../../../src/storage/commit-history/redis-commit-history.js";
import { createSqliteCommitHistory } from "../../../../src/storage/commit-history/sqlite-commit-history.js";
import {
  createFakeClock,
  type FakeClock,
} from "../../../helpers/fake-clock.js";
import { useTestRedis } from "../../../helpers/use-test-redis.js";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const REPOSITORY = 186853002;
const OTHER = 17;
const sha = (n: number) => n.toString(16).padStart(40, "0");

const redis = useTestRedis();

/** A run of `count` commits after `after` (a SHA, or null: the first commit), each changing one file. */
function commits(
  from: number,
  count: number,
  after: string | null,
): KeptCommit[] {
  return Array.from({ length: count }, (_, i) => ({
    sha: sha(from + i),
    previous: i === 0 ? after : sha(from + i - 1),
    files: [`src/f${from + i}.rs`, "CHANGELOG.md"],
  }));
}

describe.each([
  [
    "Redis",
    (_clock: FakeClock, max: number) => () =>
      // Each replica its own connection to one Redis.
      createRedisCommitHistory({ redis: redis().client(), maxCommits: max }),
  ],
  [
    "embedded",
    (clock: FakeClock, max: number) => {
      const db = memorySqliteDatabase();
      return () => createSqliteCommitHistory(db, { clock, maxCommits: max });
    },
  ],
] as const)("the %s commit history", (_name, open) => {
  let clock: FakeClock;
  let history: CommitHistory;
  let replica: CommitHistory;
  beforeEach(() => {
    clock = createFakeClock(NOW);
    const make = open(clock, 5);
    history = make();
    replica = make();
  });

  it("keeps each commit with its files and the commit before it, per repository", async () => {
    await history.add(REPOSITORY, commits(1, 2, null));
    await history.add(OTHER, [{ sha: sha(9), files: ["a.py"] }]);
    expect([...(await replica.read(REPOSITORY)).values()]).toStrictEqual(
      expect.arrayContaining(commits(1, 2, null)),
    );
    expect((await replica.read(REPOSITORY)).size).toBe(2);
    // Unknown before it: no `previous` at all.
    expect((await replica.read(OTHER)).get(sha(9))).toStrictEqual({
      sha: sha(9),
      files: ["a.py"],
    });
    expect((await replica.read(42)).size).toBe(0);
  });

  it("changes nothing when the same commits come again (a re-delivered push)", async () => {
    await history.add(REPOSITORY, commits(1, 3, sha(0)));
    const once = await history.read(REPOSITORY);
    await replica.add(REPOSITORY, commits(1, 3, sha(0)));
    expect(await history.read(REPOSITORY)).toStrictEqual(once);
  });

  it("learns what came before a commit only where it was unknown", async () => {
    await history.add(REPOSITORY, [{ sha: sha(5), files: ["a.py"] }]);
    await history.add(REPOSITORY, [
      { sha: sha(5), previous: sha(4), files: ["ignored.py"] },
    ]);
    await history.add(REPOSITORY, [
      { sha: sha(5), previous: sha(3), files: ["a.py"] },
    ]);
    expect((await history.read(REPOSITORY)).get(sha(5))).toStrictEqual({
      sha: sha(5),
      previous: sha(4),
      files: ["a.py"],
    });
  });

  it("keeps the commits added last, up to its bound, a commit added again keeping its place", async () => {
    await history.add(REPOSITORY, commits(1, 4, null));
    // Commit 1 again keeps the place it had: the first dropped.
    await history.add(REPOSITORY, [
      ...commits(1, 1, null),
      ...commits(5, 2, sha(4)),
    ]);
    const kept = await history.read(REPOSITORY);
    expect([...kept.keys()].sort()).toStrictEqual([2, 3, 4, 5, 6].map(sha));
  });
});

describe("the embedded commit history", () => {
  it("drops a repository no one added to for a quarter of a year", async () => {
    const clock = createFakeClock(NOW);
    const history = createSqliteCommitHistory(memorySqliteDatabase(), {
      clock,
    });
    await history.add(REPOSITORY, commits(1, 2, null));
    clock.advance(91 * DAY);
    await history.add(OTHER, commits(7, 1, null));
    expect((await history.read(REPOSITORY)).size).toBe(0);
    expect((await history.read(OTHER)).size).toBe(1);
  });
});

describe("the Redis commit history", () => {
  it("renews its keys for the TTL at each add", async () => {
    const client = redis().client();
    const history = createRedisCommitHistory({ redis: client, ttlSeconds: 60 });
    await history.add(REPOSITORY, commits(1, 1, null));
    const keys = await client.keys(
      `askcode:co-change:repository:${REPOSITORY}:*`,
    );
    expect(keys.sort()).toStrictEqual(
      ["counter", "files", "order", "previous"].map(
        (k) => `askcode:co-change:repository:${REPOSITORY}:${k}`,
      ),
    );
    for (const key of keys) expect(await client.ttl(key)).toBeGreaterThan(50);
  });
});
