import { createBlobStore } from "../../../src/cache/blob-store.js";
import { createFileSetReader } from "../../../src/code-host/file-set/file-set-reader.js";
import { indexCheckout } from "../../../src/cli/index-checkout.js";
import { createIndexSnapshots } from "../../../src/cli/index-snapshots.js";
import {
  createDerivedCache,
  type DerivedCache,
} from "../../../src/retrieval/index/derived-cache.js";
import {
  createCpuPool,
  type CpuPool,
} from "../../../src/worker-threads/cpu-pool.js";
import { createMemoryFileSource } from "../../helpers/memory-file-source.js";
import { makeTempDir, removeDir } from "../../helpers/temp-repo.js";

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

  describe("for one question", () => {
    const question = "handler_7 reads the wrong page_7 from the request";
    // Two stages on 450 lacking trees, each question parsing a few files.
    const twoStages = { topFiles: 3, usersPerSymbol: 2, oneStageMaxTrees: 0 };
    let dir: string;
    beforeEach(() => {
      dir = makeTempDir();
    });
    afterEach(() => removeDir(dir));

    // A derived cache on disk, as a new CLI process opens it; `made` lists
    // the paths it derived (rather than held or read).
    const open = async (made: string[] = []) => {
      const blobs = await createBlobStore({ dir, maxBytes: 1 << 26 });
      const cache = createDerivedCache({ maxBytes: 1 << 26, blobs });
      const derived: DerivedCache = {
        ...cache,
        load: cache.load.bind(cache),
        save: cache.save.bind(cache),
        lacking: cache.lacking.bind(cache),
        obtain: (file, text, options, derive) =>
          cache.obtain(file, text, options, () => {
            made.push(file.path);
            return derive();
          }),
      };
      return {
        derived,
        snapshots: createIndexSnapshots(blobs, "b".repeat(64)),
      };
    };

    it("makes every tree in one stage when few are lacking: the full index, complete", async () => {
      const few = Object.fromEntries(Object.entries(MANY).slice(0, 20));
      const asked = await indexCheckout(reader(few), { now, question });
      const full = await indexCheckout(reader(few), { now });
      expect(asked.withoutTree).toBe(0);
      expect(full.withoutTree).toBe(0);
      expect(asked.index).toEqual(full.index);
    });

    it("with two stages, is not complete, keeps no snapshot, starts no thread, and saves the trees it made", async () => {
      const created: number[] = [];
      const createPool = (threads: number): CpuPool => {
        created.push(threads);
        return createCpuPool({ threads });
      };
      const first = await open();
      const cold = await indexCheckout(reader(MANY), {
        ...first,
        now,
        cores: 2,
        createCpuPool: createPool,
        question,
        questionLimits: twoStages,
      });
      expect(cold.withoutTree).toBeGreaterThan(0);
      expect(created).toEqual([]);
      expect(cold.index.files).toHaveLength(450);
      expect(await first.snapshots.get(cold.files)).toBeUndefined();
      // The files the question reached got their tree: it declares its handler.
      expect(cold.index.definitions.get("handler_7")).toHaveLength(1);
      const unparsed = first.derived.lacking(cold.files, {});
      expect(unparsed.length).toBeGreaterThan(400);
      expect(unparsed.length).toBeLessThan(450);

      // Another process: what the first parsed is read from disk, not made
      // again, and nothing cut without its tree was kept.
      const made: string[] = [];
      const second = await open(made);
      const warm = await indexCheckout(reader(MANY), {
        ...second,
        now,
        question: "where does handler_9 read page_9?",
        questionLimits: twoStages,
      });
      expect(warm.withoutTree).toBeGreaterThan(0);
      const parsedFirst = new Set(
        cold.files.filter((f) => !unparsed.includes(f)).map((f) => f.path),
      );
      expect(made.filter((p) => parsedFirst.has(p))).toEqual([]);
      expect(made.length).toBeGreaterThan(0);

      // Without a question the rest is derived, and that index is kept whole.
      const third = await open();
      const full = await indexCheckout(reader(MANY), {
        ...third,
        now,
        cores: 1,
      });
      expect(full.withoutTree).toBe(0);
      expect(await third.snapshots.get(full.files)).toBeDefined();
    });
  });
});
