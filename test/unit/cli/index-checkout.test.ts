import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import { createDerivedCache } from "../../../src/retrieval/index/derived-cache.js";
import {
  createCpuPool,
  type CpuPool,
} from "../../../src/worker-threads/cpu-pool.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";

const SHA = "6dcb09b5b57875f334f61aebed695e2e4193db5e";
// Enough files that deriving them on threads pays for the threads' start.
const MANY = Object.fromEntries(
  Array.from({ length: 450 }, (_, i) => [
    `pkg/module_${i}.py`,
    `def handler_${i}(request):\n    return request.args.get("page_${i}")\n`,
  ]),
);

describe("indexCheckout", () => {
  const reader = (files: Record<string, string>) =>
    createFileSetReader({ sha: SHA, source: createMemoryFileSource(files) });
  const now = () => 0;

  it("derives a first read of a larger checkout on one thread per core, closes them, and builds the index the event loop builds", async () => {
    const pools: Array<{ threads: number; derived: number; closed: boolean }> =
      [];
    const createPool = (threads: number): CpuPool => {
      const real = createCpuPool({ threads, background: false });
      const seen = { threads, derived: 0, closed: false };
      pools.push(seen);
      return {
        redact: real.redact,
        renderAnswer: real.renderAnswer,
        derive: (files, options) => {
          seen.derived += files.length;
          return real.derive(files, options);
        },
        close: () => {
          seen.closed = true;
          return real.close();
        },
      };
    };
    const derived = createDerivedCache({ maxBytes: 64 * 1024 * 1024 });
    const onThreads = await indexCheckout(reader(MANY), {
      derived,
      now,
      cores: 2,
      createCpuPool: createPool,
    });
    expect(pools).toEqual([{ threads: 2, derived: 450, closed: true }]);
    const inPlace = await indexCheckout(reader(MANY), { now, cores: 1 });
    expect(onThreads.index.chunks).toEqual(inPlace.index.chunks);

    // The second question finds every file derived: no thread is started.
    await indexCheckout(reader(MANY), {
      derived,
      now,
      cores: 2,
      createCpuPool: createPool,
    });
    expect(pools).toHaveLength(1);
  });

  it("derives a small checkout in place, and on one core too", async () => {
    const created: number[] = [];
    const createPool = (threads: number): CpuPool => {
      created.push(threads);
      return createCpuPool({ threads });
    };
    const few = Object.fromEntries(Object.entries(MANY).slice(0, 20));
    await indexCheckout(reader(few), {
      now,
      cores: 8,
      createCpuPool: createPool,
    });
    await indexCheckout(reader(MANY), {
      now,
      cores: 1,
      createCpuPool: createPool,
    });
    expect(created).toEqual([]);
  });
});
