import { jest } from "@jest/globals";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import { createMemoryJobJournal } from "../../helpers/memory-job-journal.js";
import type { TriggerJob } from "../../../src/question/trigger-job.js";
import {
  createInFlightRuns,
  type CommentWriter,
} from "../../../src/conversation/in-flight-runs.js";
import { createGracefulShutdown } from "../../../src/server/graceful-shutdown.js";
import { createManualClock, deferred } from "../../helpers/manual-clock.js";
import { triggerJob } from "../../helpers/trigger-job.js";

function job(n: number): TriggerJob {
  return triggerJob({
    deliveryId: `d-${n}`,
    triggerId: `comment:${n}`,
    issueNumber: n,
  });
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
const PROGRESS = "⏳ Searching the code…";

/**
 * A queue whose runs write their comment through the in-flight registry, as
 * `runQuestion` does, and finish when the test releases them; each
 * question's comment bodies are recorded in order.
 */
function setup(options: { concurrency?: number } = {}) {
  const clock = createManualClock();
  const comments = new Map<number, string[]>();
  const byDelivery = new Map<string, number>();
  const release = new Map<string, () => void>();
  let nextId = 100;
  const writerFor = (j: TriggerJob): CommentWriter => ({
    async create(body) {
      const id = nextId++;
      comments.set(id, [body]);
      byDelivery.set(j.deliveryId, id);
      return id;
    },
    async update(id, body) {
      comments.get(id)!.push(body);
    },
  });
  const inFlight = createInFlightRuns(log);
  const queue = createInProcessQueue({
    journal: createMemoryJobJournal(),
    concurrency: options.concurrency ?? 2,
    log,
    run: async (j) => {
      const comment = inFlight.start(
        writerFor(j),
        `interrupted ${j.deliveryId}`,
      );
      try {
        await comment.post(PROGRESS);
        const gate = deferred();
        release.set(j.deliveryId, gate.resolve);
        await gate.promise;
        await comment.edit(`answer to ${j.deliveryId}`);
      } finally {
        comment.finish();
      }
    },
    cancel: async (j) => {
      await writerFor(j).create(`interrupted ${j.deliveryId}`);
    },
  });
  const shutdown = createGracefulShutdown({
    queue,
    inFlight,
    graceMs: 25_000,
    clock,
    log,
  });
  const bodies = (deliveryId: string) =>
    comments.get(byDelivery.get(deliveryId)!) ?? [];
  return { clock, queue, inFlight, shutdown, release, bodies };
}

describe("createGracefulShutdown", () => {
  it("lets two running answers finish within the grace period, then resolves without interrupting them", async () => {
    const { clock, queue, shutdown, release, bodies } = setup();
    await queue.enqueue(job(1));
    await queue.enqueue(job(2));
    await tick();

    let stopped = false;
    const stopping = shutdown.shutdown("SIGTERM").then(() => (stopped = true));
    expect(shutdown.stopping).toBe(true);
    clock.advance(20_000); // 20 s of the 25 s grace
    release.get("d-1")!();
    await tick();
    expect(stopped).toBe(false); // d-2 is still running
    release.get("d-2")!();
    await stopping;

    expect(bodies("d-1")).toStrictEqual([PROGRESS, "answer to d-1"]);
    expect(bodies("d-2")).toStrictEqual([PROGRESS, "answer to d-2"]);
  });

  it("edits the comment of a run still going when the grace period ends into the interrupted notice, and drops the run's later edits", async () => {
    const { clock, queue, inFlight, shutdown, release, bodies } = setup();
    await queue.enqueue(job(1));
    await queue.enqueue(job(2));
    await tick();

    const stopping = shutdown.shutdown("SIGTERM");
    release.get("d-1")!();
    await tick();
    expect(inFlight.size).toBe(1);
    clock.advance(24_999);
    await tick();
    expect(bodies("d-2")).toStrictEqual([PROGRESS]);
    clock.advance(1);
    await stopping;

    expect(bodies("d-1")).toStrictEqual([PROGRESS, "answer to d-1"]);
    expect(bodies("d-2")).toStrictEqual([PROGRESS, "interrupted d-2"]);
    // Had the process lived on, the run's answer would not replace the notice.
    release.get("d-2")!();
    await queue.onIdle();
    expect(bodies("d-2")).toStrictEqual([PROGRESS, "interrupted d-2"]);
  });

  it("replies to a queued question at once, without a progress comment, and never starts it", async () => {
    const { clock, queue, shutdown, release, bodies } = setup({
      concurrency: 1,
    });
    await queue.enqueue(job(1));
    await queue.enqueue(job(2));
    await tick();

    const stopping = shutdown.shutdown("SIGTERM");
    await tick();
    expect(bodies("d-2")).toStrictEqual(["interrupted d-2"]);

    release.get("d-1")!();
    await stopping;
    expect(release.has("d-2")).toBe(false);
    expect(bodies("d-1")).toStrictEqual([PROGRESS, "answer to d-1"]);
    expect(clock.sleeping).toBe(1); // the grace timer, never reached
  });

  it("ends the grace period at a second signal, and shares one shutdown between calls", async () => {
    const { queue, shutdown, bodies } = setup();
    await queue.enqueue(job(1));
    await tick();

    const first = shutdown.shutdown("SIGTERM");
    expect(shutdown.shutdown("SIGINT")).toBe(first);
    shutdown.hurry();
    await first;
    expect(bodies("d-1")).toStrictEqual([PROGRESS, "interrupted d-1"]);
  });
});
