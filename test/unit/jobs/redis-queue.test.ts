import { jest } from "@jest/globals";
import { Queue, QueueEvents } from "bullmq";
import nock from "nock";
import type { JobAttempt, JobRunner } from "../../../src/jobs/job-queue.js";
import { createRedisDedupStore } from "../../../src/storage/dedup/redis-dedup-store.js";
import { createRedisQueue, jobIdFor } from "../../../src/jobs/redis-queue.js";
import { RetryLaterError } from "../../../src/shared/retry-later-error.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import { GitHubError } from "../../../src/shared/errors.js";
import { startTestRedis, type TestRedis } from "../../helpers/test-redis.js";
import { triggerJob } from "../../helpers/trigger-job.js";

let redis: TestRedis;
const open: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  nock.enableNetConnect("127.0.0.1");
  redis = await startTestRedis();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((queue) => queue.close()));
  await redis.flush();
});
afterAll(async () => {
  await redis.stop();
  nock.disableNetConnect();
});

const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

/** One app instance: its own connections, the shared Redis. */
function replica(run: JobRunner, options: { attempts?: number } = {}) {
  const connection = redis.client();
  const queue = createRedisQueue({
    connection,
    workerConnection: redis.client(),
    dedup: createRedisDedupStore(connection),
    run,
    cancel: async (job) => {
      throw new Error(
        `${job.deliveryId} was given up on, and no test kills a replica`,
      );
    },
    concurrency: 2,
    attempts: options.attempts ?? 3,
    backoffMs: 1,
    issueBusyDelayMs: 1,
    log,
  });
  open.push(queue);
  return queue;
}

/** Resolves with each call once it is made. */
function calls<T>() {
  const seen: T[] = [];
  const waiters: Array<{ count: number; wake(): void }> = [];
  return {
    seen,
    push(value: T) {
      seen.push(value);
      for (const waiter of [...waiters])
        if (seen.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.wake();
        }
    },
    until: (count: number) =>
      seen.length >= count
        ? Promise.resolve()
        : new Promise<void>((wake) => waiters.push({ count, wake })),
  };
}

describe("createRedisQueue", () => {
  it("queues a delivery two replicas received once, and runs it once", async () => {
    const runs = calls<string>();
    const run: JobRunner = async (job) => runs.push(job.deliveryId);
    const [a, b] = [replica(run), replica(run)];

    const results = await Promise.all([
      a.enqueue(triggerJob()),
      b.enqueue(triggerJob()),
      b.enqueue(triggerJob({ deliveryId: "d-2" })), // the same comment, redelivered anew
    ]);
    await runs.until(1);
    const later = triggerJob({ deliveryId: "d-3", triggerId: "comment:2" });
    await a.enqueue(later);
    await runs.until(2);

    expect(results.filter((r) => r === "queued")).toHaveLength(1);
    expect(runs.seen).toStrictEqual([expect.stringMatching(/^d-[12]$/), "d-3"]);
  });

  it("adds a question under an id made from its trigger, so a second add is the same job", async () => {
    const inspect = new Queue("questions", {
      connection: redis.client(),
      prefix: "askcode",
    });
    open.push(inspect);
    const a = replica(async () => undefined);
    a.stop(); // nothing runs: the job stays queued for inspection
    await a.onIdle();

    await a.enqueue(triggerJob());
    const job = await inspect.getJob(jobIdFor(triggerJob()));

    expect(job?.id).toBe("trigger-comment%3A492700400");
    expect(job?.data).toStrictEqual({ trigger: triggerJob() });
    expect(job?.opts).toMatchObject({
      attempts: 3,
      backoff: { type: "askcode", delay: 1 },
    });
    expect(await redis.client().keys("askcode:questions:*")).not.toHaveLength(
      0,
    );
  });

  it("retries a failure that may pass; the retry knows the comment the first attempt posted, and is the last", async () => {
    const attempts = calls<JobAttempt>();
    const run: JobRunner = async (_job, attempt) => {
      attempts.push(attempt);
      if (attempts.seen.length === 1) {
        await attempt.rememberComment(9000);
        throw new RetryLaterError(new GitHubError("Bad Gateway", 502));
      }
    };
    const a = replica(run, { attempts: 2 });

    await a.enqueue(triggerJob());
    await attempts.until(2);

    expect(
      attempts.seen.map(({ commentId, last, next }) => ({
        commentId,
        last,
        next,
      })),
    ).toStrictEqual([
      {
        commentId: undefined,
        last: false,
        next: { inMs: 1, attempt: 2, of: 2 },
      },
      { commentId: 9000, last: true, next: undefined },
    ]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ deliveryId: "d-1", attempt: 1 }),
      "askcode job failed; the queue will retry it",
    );
  });

  it("once stopped, starts nothing: the jobs stay in Redis and another replica runs them", async () => {
    const ranOnA: string[] = [];
    const a = replica(async (job) => void ranOnA.push(job.deliveryId));
    a.stop();
    await a.onIdle();

    expect(await a.enqueue(triggerJob())).toBe("queued");
    const runs = calls<string>();
    replica(async (job) => runs.push(job.deliveryId));
    await runs.until(1);

    expect(runs.seen).toStrictEqual(["d-1"]);
    expect(ranOnA).toStrictEqual([]);
  });

  it("runs one job at a time per issue across replicas: the second waits for the first to end", async () => {
    const events = calls<string>();
    let finishFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    const run: JobRunner = async (job: TriggerJob) => {
      events.push(`start ${job.deliveryId}`);
      if (job.deliveryId === "d-1") await firstHeld;
      events.push(`end ${job.deliveryId}`);
    };
    const watch = new QueueEvents("questions", {
      connection: redis.client(),
      prefix: "askcode",
    });
    open.push(watch);
    await watch.waitUntilReady();
    const second = triggerJob({ deliveryId: "d-2", triggerId: "comment:2" });
    const delayed = new Promise<void>((resolve) =>
      watch.on("delayed", ({ jobId }) => {
        if (jobId === jobIdFor(second)) resolve();
      }),
    );
    const [a, b] = [replica(run), replica(run)];

    await a.enqueue(triggerJob());
    await events.until(1);
    await b.enqueue(second);
    // The second found the issue busy and was put back to wait.
    await delayed;
    finishFirst();
    await events.until(4);

    expect(events.seen).toStrictEqual([
      "start d-1",
      "end d-1",
      "start d-2",
      "end d-2",
    ]);
  });

  it("when a delivery cannot be queued nor its claim given back, throws the queueing failure and logs the claim's", async () => {
    const connection = redis.client();
    const released = new Error("Connection is closed.");
    const warn = jest.fn();
    const queue = createRedisQueue({
      connection,
      workerConnection: redis.client(),
      dedup: {
        claim: async () => "claimed",
        release: async () => {
          throw released;
        },
      },
      run: async () => undefined,
      cancel: async () => undefined,
      concurrency: 1,
      attempts: 1,
      backoffMs: 1,
      issueBusyDelayMs: 1,
      log: { ...log, warn },
    });
    open.push(queue);
    connection.disconnect(); // Redis gone: the add fails

    await expect(queue.enqueue(triggerJob())).rejects.toThrow(
      "Connection is closed.",
    );
    expect(warn.mock.calls).toStrictEqual([
      [
        { err: released, deliveryId: triggerJob().deliveryId },
        "askcode could not give back the claim on a delivery it failed to queue; a redelivery of it is dropped as a duplicate until the claim expires",
      ],
    ]);
  });

  it("counts the jobs running here, and on stop waits for them to finish", async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const started = calls<string>();
    const a = replica(async (job) => {
      started.push(job.deliveryId);
      await held;
    });
    await a.enqueue(triggerJob());
    await started.until(1);

    expect(a.pending).toBe(1);
    a.stop();
    let idle = false;
    const stopped = a.onIdle().then(() => (idle = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    finish();
    await stopped;

    expect(a.pending).toBe(0);
  });
});
