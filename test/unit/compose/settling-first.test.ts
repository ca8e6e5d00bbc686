import { closingAlso } from "../../../src/compose/closing-also.js";
import { settlingFirst } from "../../../src/compose/settling-first.js";
import { createInProcessQueue } from "../../../src/jobs/in-process-queue.js";
import type { PushFacts } from "../../../src/watch/push-facts.js";
import { createPushWatch } from "../../../src/watch/push-watch.js";
import { createMemoryJobJournal } from "../../helpers/memory-job-journal.js";

describe("settlingFirst", () => {
  it("closes the queue, and the store its close lets go of, only after the push watch's check has written", async () => {
    const order: string[] = [];
    let release!: () => void;
    const pushes = createPushWatch(
      async () => {
        await new Promise<void>((resolve) => (release = resolve));
        order.push("note written");
      },
      { warn: () => {} },
    );
    const queue = settlingFirst(
      closingAlso(
        createInProcessQueue({
          journal: createMemoryJobJournal(),
          run: async () => {},
          cancel: async () => {},
          log: { error: () => {} },
        }),
        async () => void order.push("store closed"),
      ),
      () => pushes.idle(),
    );

    pushes.watch({ deliveryId: "push-1" } as PushFacts);
    const closed = queue.close();
    // The check is still reading: nothing has closed.
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await closed;
    expect(order).toEqual(["note written", "store closed"]);
  });
});
