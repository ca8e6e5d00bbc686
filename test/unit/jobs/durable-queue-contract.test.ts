import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { jest } from "@jest/globals";
import nock from "nock";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import type {
  JobAttempt,
  JobCanceller,
  JobEnd,
  JobQueue,
  JobRunner,
} from "../../../src/jobs/job-queue.js";
import { createRedisDedupStore } from "../../../src/storage/dedup/redis-dedup-store.js";
import { createRedisQueue } from "../../../src/jobs/redis-queue.js";
import { createSqliteJobJournal } from "../../../src/storage/job-journal/sqlite-job-journal.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import { createRedisQuestionLimiter } from "../../../src/storage/question-limiter/redis-question-limiter.js";
import { createSqliteQuestionLimiter } from "../../../src/storage/question-limiter/sqlite-question-limiter.js";
import type { QuestionLimiter } from "../../../src/storage/question-limiter/question-limiter.js";
import type { ReactionMemory } from "../../../src/storage/reaction-memory/reaction-memory.js";
import { createRedisReactionMemory } from "../../../src/storage/reaction-memory/redis-reaction-memory.js";
import { createSqliteReactionMemory } from "../../../src/storage/reaction-memory/sqlite-reaction-memory.js";
import { systemClock } from "../../../src/shared/clock.js";
import { openSqliteDatabase } from "../../../src/storage/sqlite/open-sqlite-database.js";
import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";
import { triggerJob } from "../../helpers/trigger-job.js";

// The durable backends' one contract, run against each for real: the
// embedded store (SQLite in a temp directory) and Redis (a real server).
// A "process" is a queue and the state objects built on the backend; a
// kill drops it without any goodbye, as SIGKILL does, and the next process
// is built on the same directory or the same Redis.

interface Process {
  queue: JobQueue;
  limiter: QuestionLimiter;
  reactions: ReactionMemory;
  /** Ends it as SIGKILL would: no stop, no close, nothing written. */
  kill(): Promise<void>;
}

interface Backend {
  /** A process on the backend's state, with ATTEMPTS attempts per job. */
  start(run: JobRunner, cancel: JobCanceller): Promise<Process>;
  cleanUp(): Promise<void>;
}

const ATTEMPTS = 2;
const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function embedded(): Backend {
  const dir = mkdtempSync(join(tmpdir(), "askcode-contract-"));
  return {
    async start(run, cancel) {
      const db: DatabaseSync = await openSqliteDatabase(dir);
      const clock = systemClock;
      return {
        queue: createInProcessQueue({
          journal: createSqliteJobJournal(db, { clock }),
          run,
          cancel,
          attempts: ATTEMPTS,
          concurrency: 1,
          log,
        }),
        limiter: createSqliteQuestionLimiter({ db, clock }),
        reactions: createSqliteReactionMemory(db, { clock }),
        // Its lock and its file handles go with it; the runs it started
        // stay pending, as they would in a dead process.
        kill: async () => db.close(),
      };
    },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let redis: TestRedis;
function onRedis(): Backend {
  return {
    async start(run, cancel) {
      const connection = redis.client();
      const queue = createRedisQueue({
        connection,
        workerConnection: redis.client(),
        dedup: createRedisDedupStore(connection),
        run,
        cancel,
        concurrency: 1,
        attempts: ATTEMPTS,
        backoffMs: 1,
        issueBusyDelayMs: 1,
        lockDurationMs: 1_000,
        stalledIntervalMs: 300,
        log,
      });
      return {
        queue,
        limiter: createRedisQuestionLimiter({
          redis: connection,
          clock: systemClock,
        }),
        reactions: createRedisReactionMemory(connection),
        // Its worker stops renewing the lock of the job it runs; the job
        // stays active until another worker finds the lock lapsed.
        kill: () => queue.close(),
      };
    },
    cleanUp: () => redis.flush(),
  };
}

beforeAll(async () => {
  nock.enableNetConnect("127.0.0.1");
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis.stop();
  nock.disableNetConnect();
});

/** Runs recorded as they start; each run waits until the test lets it end. */
function recorder() {
  const started: Array<{ job: TriggerJob; attempt: JobAttempt }> = [];
  const cancelled: Array<{ job: TriggerJob; ended: JobEnd }> = [];
  let wake: () => void = () => undefined;
  const changed = () => wake();
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => (wake = resolve));
  };
  return {
    started,
    cancelled,
    until,
    /** A runner that records its start, remembers `comment`, and never ends. */
    hanging(comment?: number): JobRunner {
      return async (job, attempt) => {
        if (comment !== undefined) await attempt.rememberComment(comment);
        started.push({ job, attempt });
        changed();
        await new Promise(() => undefined);
      };
    },
    /** A runner that records its start and ends at once. */
    finishing(): JobRunner {
      return async (job, attempt) => {
        started.push({ job, attempt });
        changed();
      };
    },
    cancel: (async (job, ended) => {
      cancelled.push({ job, ended });
      changed();
    }) as JobCanceller,
  };
}

const first = triggerJob({
  deliveryId: "d-1",
  triggerId: "comment:1",
  issueNumber: 1,
});
const second = triggerJob({
  deliveryId: "d-2",
  triggerId: "comment:2",
  issueNumber: 2,
});

describe.each([
  ["the embedded store", embedded],
  ["Redis", onRedis],
])("on %s", (_name, make) => {
  let backend: Backend;
  beforeEach(() => (backend = make()));
  afterEach(() => backend.cleanUp());

  it("a kill loses nothing: the next process runs the running job in its comment and the queued one, once each, and a redelivery is a duplicate", async () => {
    const before = recorder();
    const dying = await backend.start(before.hanging(9001), before.cancel);
    expect(await dying.queue.enqueue(first)).toBe("queued");
    expect(await dying.queue.enqueue(second)).toBe("queued");
    await before.until(() => before.started.length === 1);
    await dying.kill();

    const after = recorder();
    const next = await backend.start(after.finishing(), after.cancel);
    await after.until(() => after.started.length === 2);

    const runs = after.started.map(({ job, attempt }) => [
      job.triggerId,
      attempt.commentId,
    ]);
    expect(runs).toEqual(
      expect.arrayContaining([
        ["comment:1", 9001],
        ["comment:2", undefined],
      ]),
    );
    expect(await next.queue.enqueue(first)).toBe("duplicate");
    expect(
      await next.queue.enqueue({ ...second, deliveryId: "d-2-again" }),
    ).toBe("duplicate");
    expect(after.cancelled).toStrictEqual([]);
    await next.kill();
  });

  it("gives up on a job its process died with as often as it may be tried: one reply, in its comment, and no further run", async () => {
    const runs = recorder();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const dying = await backend.start(runs.hanging(9002), runs.cancel);
      if (attempt === 1) await dying.queue.enqueue(first);
      await runs.until(() => runs.started.length === attempt);
      await dying.kill();
    }
    const last = await backend.start(runs.hanging(), runs.cancel);
    await runs.until(() => runs.cancelled.length === 1);

    expect(runs.started).toHaveLength(ATTEMPTS);
    expect(runs.cancelled).toStrictEqual([
      { job: first, ended: { reason: "gave-up", commentId: 9002 } },
    ]);
    await last.kill();
  });

  it("keeps the hour's question counts and the 👎 memory across a kill", async () => {
    const runs = recorder();
    const user = { scope: "user" as const, name: "octocat", limit: 1 };
    const dying = await backend.start(runs.finishing(), runs.cancel);
    expect(await dying.limiter.admit("comment:1", [user])).toStrictEqual({
      allowed: true,
    });
    expect(await dying.reactions.swap(77, 2)).toBe(0);
    await dying.kill();

    const next = await backend.start(runs.finishing(), runs.cancel);
    expect(await next.limiter.admit("comment:2", [user])).toMatchObject({
      allowed: false,
    });
    // The same question again (a retried job) is not counted twice.
    expect(await next.limiter.admit("comment:1", [user])).toStrictEqual({
      allowed: true,
    });
    expect(await next.reactions.swap(77, 3)).toBe(2);
    await next.kill();
  });
});
