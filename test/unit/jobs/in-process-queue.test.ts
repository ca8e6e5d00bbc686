import { jest } from "@jest/globals";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import type { JobAttempt } from "../../../src/jobs/job-queue.js";
import { createMemoryJobJournal } from "../../helpers/memory-job-journal.js";
import { createSqliteJobJournal } from "../../../src/storage/job-journal/sqlite-job-journal.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import { openSqliteDatabase } from "../../../src/storage/sqlite/open-sqlite-database.js";
import { createManualClock } from "../../helpers/manual-clock.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";
import { triggerJob } from "../../helpers/trigger-job.js";

const job = triggerJob;

/** A runner whose jobs finish only when the test says so. */
function controlledRunner() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const run = (j: TriggerJob) =>
    new Promise<void>((resolve) => {
      started.push(j.deliveryId);
      finish.set(j.deliveryId, resolve);
    });
  return { run, started, finish: (id: string) => finish.get(id)!() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const log = { error: jest.fn() };
const neverCancelled = async (j: TriggerJob) => {
  throw new Error(
    `${j.deliveryId} was cancelled, and no test stopped the queue`,
  );
};

describe("createInProcessQueue", () => {
  it("accepts a delivery once and a trigger once", async () => {
    const ran: string[] = [];
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: async (j) => void ran.push(j.deliveryId),
      cancel: neverCancelled,
      log,
    });

    expect(await queue.enqueue(job())).toBe("queued");
    expect(await queue.enqueue(job())).toBe("duplicate"); // same delivery, redelivered
    expect(await queue.enqueue(job({ deliveryId: "d-2" }))).toBe("duplicate"); // same comment, new delivery
    expect(
      await queue.enqueue(job({ deliveryId: "d-3", triggerId: "comment:2" })),
    ).toBe("queued");
    await queue.onIdle();

    expect(ran).toStrictEqual(["d-1", "d-3"]);
  });

  it("runs one job at a time per issue, in the order asked, while other issues proceed", async () => {
    const runner = controlledRunner();
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: runner.run,
      concurrency: 4,
      cancel: neverCancelled,
      log,
    });

    await queue.enqueue(job({ deliveryId: "a1", triggerId: "c:a1" }));
    await queue.enqueue(job({ deliveryId: "a2", triggerId: "c:a2" }));
    await queue.enqueue(
      job({ deliveryId: "b1", triggerId: "c:b1", issueNumber: 2 }),
    );
    await tick();
    expect(runner.started).toStrictEqual(["a1", "b1"]);
    expect(queue.pending).toBe(3);

    runner.finish("a1");
    await tick();
    expect(runner.started).toStrictEqual(["a1", "b1", "a2"]);

    runner.finish("a2");
    runner.finish("b1");
    await queue.onIdle();
    expect(queue.pending).toBe(0);
  });

  it("serves a burst fairly: a repository's one question runs after one of another's fifty, not after all of them", async () => {
    const runner = controlledRunner();
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: runner.run,
      concurrency: 1,
      cancel: neverCancelled,
      log,
    });
    for (let n = 1; n <= 50; n++)
      await queue.enqueue(
        job({
          deliveryId: `busy-${n}`,
          triggerId: `c:busy-${n}`,
          issueNumber: n,
        }),
      );
    await queue.enqueue(
      job({
        deliveryId: "other",
        triggerId: "c:other",
        installationId: 2,
        owner: "other-org",
        repo: "tool",
      }),
    );
    // Two questions on one issue of a third repository: the second waits for the first answer.
    await queue.enqueue(
      job({ deliveryId: "third-1", triggerId: "c:third-1", repo: "third" }),
    );
    await queue.enqueue(
      job({ deliveryId: "third-2", triggerId: "c:third-2", repo: "third" }),
    );
    for (let step = 0; step < 5; step++) {
      await tick();
      runner.finish(runner.started.at(-1)!);
    }
    await tick();
    // Installation 1 and 2 alternate; within installation 1, its two repositories alternate.
    expect(runner.started).toStrictEqual([
      "busy-1",
      "other",
      "third-1",
      "busy-2",
      "third-2",
      "busy-3",
    ]);
    for (let n = 3; n <= 50; n++) {
      runner.finish(`busy-${n}`);
      await tick();
    }
    await queue.onIdle();
    expect(runner.started).toHaveLength(53);
  });

  it("never runs more than the concurrency limit at once", async () => {
    const runner = controlledRunner();
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: runner.run,
      concurrency: 2,
      cancel: neverCancelled,
      log,
    });

    for (const n of [1, 2, 3])
      await queue.enqueue(
        job({ deliveryId: `d${n}`, triggerId: `c${n}`, issueNumber: n }),
      );
    await tick();
    expect(runner.started).toStrictEqual(["d1", "d2"]);

    runner.finish("d1");
    await tick();
    expect(runner.started).toStrictEqual(["d1", "d2", "d3"]);
    runner.finish("d2");
    runner.finish("d3");
    await queue.onIdle();
  });

  it("logs a runner that throws and keeps serving the issue", async () => {
    const errors = { error: jest.fn() };
    const ran: string[] = [];
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: async (j) => {
        ran.push(j.deliveryId);
        if (j.deliveryId === "bad") throw new Error("boom");
      },
      cancel: neverCancelled,
      log: errors,
    });

    await queue.enqueue(job({ deliveryId: "bad", triggerId: "c:bad" }));
    await queue.enqueue(job({ deliveryId: "good", triggerId: "c:good" }));
    await queue.onIdle();

    expect(ran).toStrictEqual(["bad", "good"]);
    expect(errors.error).toHaveBeenCalledTimes(1);
    expect(errors.error.mock.calls[0]![0]).toMatchObject({
      deliveryId: "bad",
      issue: "octo-org/hello-world#1",
    });
  });

  it("once stopped, cancels every job that has not started, at once, while running jobs finish", async () => {
    const runner = controlledRunner();
    const cancelled: string[] = [];
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: runner.run,
      cancel: async (j) => void cancelled.push(j.deliveryId),
      concurrency: 1,
      log,
    });
    await queue.enqueue(job({ deliveryId: "running", triggerId: "c:1" }));
    await queue.enqueue(
      job({ deliveryId: "same-issue", triggerId: "c:2" }), // waits on "running"'s issue
    );
    await queue.enqueue(
      job({ deliveryId: "other-issue", triggerId: "c:3", issueNumber: 2 }), // waits for a slot
    );
    await tick();
    expect(runner.started).toStrictEqual(["running"]);

    queue.stop();
    await tick();
    // Cancelled before "running" finished: their replies do not wait for a slot.
    expect(cancelled).toStrictEqual(["same-issue", "other-issue"]);
    // A delivery handled while stopping is accepted and cancelled, never run.
    expect(
      await queue.enqueue(job({ deliveryId: "late", triggerId: "c:4" })),
    ).toBe("queued");
    await tick();
    expect(cancelled).toStrictEqual(["same-issue", "other-issue", "late"]);
    expect(queue.pending).toBe(1); // only "running"

    let idle = false;
    void queue.onIdle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false); // "running" is still running

    runner.finish("running");
    await queue.onIdle();
    expect(runner.started).toStrictEqual(["running"]);
    expect(queue.pending).toBe(0);
  });

  it("logs a cancellation whose reply failed", async () => {
    const errors = { error: jest.fn() };
    const runner = controlledRunner();
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: runner.run,
      cancel: async () => {
        throw new Error("GitHub said 502");
      },
      concurrency: 1,
      log: errors,
    });
    await queue.enqueue(job({ deliveryId: "a", triggerId: "c:a" }));
    await queue.enqueue(job({ deliveryId: "b", triggerId: "c:b" }));
    await tick();
    queue.stop();
    runner.finish("a");
    await queue.onIdle();

    expect(errors.error).toHaveBeenCalledTimes(1);
    expect(errors.error.mock.calls[0]![0]).toMatchObject({ deliveryId: "b" });
  });

  it("retries a failure that may pass after a doubling backoff on its clock; the last attempt is marked last and its failure is only logged", async () => {
    const clock = createManualClock();
    const errors = { warn: jest.fn(), error: jest.fn() };
    const attempts: JobAttempt[] = [];
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: async (_job, attempt) => {
        attempts.push(attempt);
        throw new Error("GitHub said 502");
      },
      cancel: neverCancelled,
      attempts: 3,
      backoffMs: 1_000,
      clock,
      log: errors,
    });
    await queue.enqueue(job());
    await tick();
    expect(attempts.map((a) => a.last)).toStrictEqual([false]);

    clock.advance(999);
    await tick();
    expect(attempts).toHaveLength(1);
    clock.advance(1);
    await tick();
    await tick();
    expect(attempts.map((a) => a.last)).toStrictEqual([false, false]);
    clock.advance(2_000); // twice the first wait
    await queue.onIdle();

    expect(attempts.map((a) => a.last)).toStrictEqual([false, false, true]);
    // Each attempt but the last knows when the next comes, for its placeholder.
    expect(attempts.map((a) => a.next)).toStrictEqual([
      { inMs: 1_000, attempt: 2, of: 3 },
      { inMs: 2_000, attempt: 3, of: 3 },
      undefined,
    ]);
    expect(errors.warn).toHaveBeenCalledTimes(2);
    expect(errors.error).toHaveBeenCalledTimes(1);
  });

  it("keeps each attempt's comment for the next: a retried job edits the comment the first attempt posted", async () => {
    const clock = createManualClock();
    const seen: Array<number | undefined> = [];
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: async (_job, attempt) => {
        seen.push(attempt.commentId);
        await attempt.rememberComment(4242);
        if (!attempt.last) throw new Error("the model is unreachable");
      },
      cancel: neverCancelled,
      attempts: 2,
      backoffMs: 10,
      clock,
      log: { warn: jest.fn(), error: jest.fn() },
    });
    await queue.enqueue(job());
    await tick();
    clock.advance(10);
    await queue.onIdle();

    expect(seen).toStrictEqual([undefined, 4242]);
  });

  describe("with the embedded store's journal", () => {
    let dir: string;
    beforeEach(() => (dir = makeTempDir("askcode-journal-")));
    afterEach(() => removeDir(dir));

    it("once stopped, cancels nothing: waiting jobs stay in the journal for the next start, and closing does not count the attempt the stop cut short", async () => {
      const db = await openSqliteDatabase(dir);
      const clock = createManualClock();
      const journal = createSqliteJobJournal(db, { clock });
      const runner = controlledRunner();
      const queue = createInProcessQueue({
        journal,
        run: runner.run,
        cancel: neverCancelled,
        concurrency: 1,
        log,
      });
      expect(queue.resumes).toBe(true);
      await queue.enqueue(job({ deliveryId: "running", triggerId: "c:1" }));
      await queue.enqueue(
        job({ deliveryId: "waiting", triggerId: "c:2", issueNumber: 2 }),
      );
      await tick();
      expect(runner.started).toStrictEqual(["running"]);

      queue.stop();
      // Only the running job holds the queue up; the waiting one is left.
      expect(queue.pending).toBe(1);
      await queue.close();
      db.close();

      const reopened = await openSqliteDatabase(dir);
      const left = await createSqliteJobJournal(reopened, {
        clock,
      }).unfinished();
      reopened.close();
      expect(
        left.map((entry) => [entry.job.deliveryId, entry.attemptsMade]),
      ).toStrictEqual([
        ["running", 0],
        ["waiting", 0],
      ]);
    });
  });

  it("with the memory journal, resumes nothing", () => {
    const queue = createInProcessQueue({
      journal: createMemoryJobJournal(),
      run: async () => undefined,
      cancel: neverCancelled,
      log,
    });
    expect(queue.resumes).toBe(false);
  });
});
