import { jest } from "@jest/globals";
import type { CachedResponse } from "../../../src/cache/response-cache.js";
import { openStores, type Stores } from "../../../src/compose/open-stores.js";
import { loadOperatorConfig } from "../../../src/config/operator-config.js";
import type { LimitCounter } from "../../../src/storage/question-limiter/question-limiter.js";
import type { SpendCounter } from "../../../src/storage/spend-ledger/spend-ledger.js";
import type { JobRunner } from "../../../src/jobs/job-queue.js";
import { answerRecord as answer } from "../../helpers/answer-record.js";
import { createFakeClock, type FakeClock } from "../../helpers/fake-clock.js";
import { deferred } from "../../helpers/manual-clock.js";
import { tempDirForThisFile } from "../../helpers/temp-dirs-of-this-file.js";
import { triggerJob } from "../../helpers/trigger-job.js";
import { useTestRedis } from "../../helpers/use-test-redis.js";

// openStores on each backend, as the app opens it from the operator's
// settings: a first "process" uses every store once and closes through its
// queue, as the shutdown does; a second one, opened on the same directory or
// the same Redis, finds what the first kept. So each store is there, works,
// and lives on the backend the settings chose (the embedded store's lock
// also shows the queue's close let go of the database).

const redis = useTestRedis();
const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
const job = triggerJob();
const next = triggerJob({ deliveryId: "d-2", triggerId: "comment:2" });
const asker: LimitCounter = { scope: "user", name: "octocat", limit: 1 };
const installation: SpendCounter = {
  scope: "installation",
  name: "1",
  period: "day",
  limit: 1_000,
};
const KEY = "installation:1:GET /repos/octo-org/hello-world";

function response(fetchedAt: number): CachedResponse {
  return {
    status: 200,
    data: { full_name: "octo-org/hello-world" },
    etag: '"abc"',
    headers: {},
    bytes: 40,
    immutable: false,
    fetchedAt,
  };
}

/** A runner that tells when it ran a job. */
function runner() {
  const ran = deferred<string>();
  const run: JobRunner = async (ranJob) => ran.resolve(ranJob.triggerId);
  return { run, ran: ran.promise };
}
const cancel = jest.fn(async () => undefined);

describe.each([
  // One process keeps its GitHub answers in its own cache: nothing shared.
  ["the embedded store", () => ({}), false],
  ["Redis", () => ({ REDIS_URL: redis().url }), true],
])("openStores on %s", (_name, backendEnv, sharesResponses) => {
  let clock: FakeClock;
  let open: () => Promise<Stores>;
  beforeEach(() => {
    // Now, held still: both processes count in one hour and one day.
    clock = createFakeClock(Date.now());
    const operator = loadOperatorConfig({
      ASKCODE_DATA_DIR: tempDirForThisFile("askcode-stores-"),
      ...backendEnv(),
    });
    open = () => openStores(operator, { clock, log });
  });

  it("opens every store, and a second process on the same backend finds what the first kept", async () => {
    const first = await open();
    expect(await first.questionLimiter.admit("comment:1", [asker])).toEqual({
      allowed: true,
    });
    const grant = await first.spendLedger.reserve("run-1", [installation], {
      tokens: 1_000,
      least: 1,
      holdMs: 60_000,
    });
    if (!grant.granted) throw new Error(`refused: ${JSON.stringify(grant)}`);
    await first.spendLedger.settle(grant.hold, 600);
    await first.answerRecords.add(answer(clock.now()));
    expect(await first.reactions.swap(7, 2)).toBe(0);
    expect(await first.pacer.acquire("installation:1")).toBe(true);
    await first.sharedResponses?.write(KEY, response(clock.now()));
    const { run, ran } = runner();
    const queue = first.openQueue({ run, cancel });
    expect(await queue.enqueue(job)).toBe("queued");
    expect(await ran).toBe(job.triggerId);
    await queue.onIdle();
    await queue.close();

    const second = await open();
    expect(await second.questionLimiter.admit("comment:2", [asker])).toEqual(
      expect.objectContaining({ allowed: false }),
    );
    const left = await second.spendLedger.reserve("run-2", [installation], {
      tokens: 1_000,
      least: 1,
      holdMs: 60_000,
    });
    expect(left).toMatchObject({ granted: true, tokens: 400 });
    expect(
      (await second.answerRecords.recent("1:1296269", 0)).map((a) => a.id),
    ).toEqual([answer(0).id]);
    expect(await second.reactions.swap(7, 3)).toBe(2);
    expect(await second.sharedResponses?.read(KEY)).toEqual(
      sharesResponses ? response(clock.now()) : undefined,
    );
    const again = runner();
    const secondQueue = second.openQueue({ run: again.run, cancel });
    expect(await secondQueue.enqueue(job)).toBe("duplicate");
    expect(await secondQueue.enqueue(next)).toBe("queued");
    expect(await again.ran).toBe(next.triggerId);
    await secondQueue.onIdle();
    await secondQueue.close();
    expect(cancel).not.toHaveBeenCalled();
  });
});
