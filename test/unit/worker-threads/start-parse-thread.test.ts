import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../../../src/retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../../../src/retrieval/index/derive-file.js";
import { startParseThread } from "../../../src/worker-threads/start-parse-thread.js";

const FILES = Array.from({ length: 40 }, (_, i) => ({
  path: `pkg/mod_${i}.py`,
  text: `class Thing${i}:\n    def run_${i}(self, value):\n        return value * ${i}\n`,
}));

describe("startParseThread", () => {
  beforeAll(() => loadGrammarsFor(FILES));

  it("derives every file once, here or on the thread, as the main thread alone does", async () => {
    const alongside = startParseThread([], {});
    try {
      const counter = new Bm25Builder();
      const here = new Map<number, DerivedFile>();
      const there = await alongside.share(FILES, {}, (k) => {
        here.set(k, deriveFile(FILES[k] as (typeof FILES)[0], {}, counter));
      });
      for (const k of there.keys()) expect(here.has(k)).toBe(false);
      expect(here.size + there.size).toBe(FILES.length);
      const alone = FILES.map((file) =>
        deriveFile(file, {}, new Bm25Builder()),
      );
      expect(FILES.map((_, k) => here.get(k) ?? there.get(k))).toEqual(alone);
    } finally {
      await alongside.close();
    }
  });

  it("shares nothing with a thread that has ended: every file is derived here", async () => {
    const alongside = startParseThread([], {});
    await alongside.close();
    const here: number[] = [];
    const there = await alongside.share(FILES, {}, (k) => here.push(k));
    expect(there.size).toBe(0);
    expect(here).toEqual(FILES.map((_, k) => k));
  });
});
