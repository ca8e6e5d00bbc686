import { Worker } from "node:worker_threads";
import { loadGrammarsFor } from "../../../src/retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../../../src/retrieval/index/bm25-builder.js";
import { deriveFile } from "../../../src/retrieval/index/derive-file.js";
import type {
  ParseReply,
  ParseTask,
} from "../../../src/worker-threads/parse-thread.js";
import {
  TAKEN_HERE,
  TAKEN_THERE,
  turnsTable,
} from "../../../src/worker-threads/take-turns.js";
import { threadFile } from "../../../src/worker-threads/thread-file.js";

const FILES = [
  {
    path: "app/session.py",
    text: "class Session:\n    def refresh(self, token):\n        return self.store.renew(token)\n\n\ndef open_session(user):\n    return Session(user)\n",
  },
  {
    path: "src/retry.ts",
    text: "export function shouldRetry(status: number): boolean {\n  return status >= 500;\n}\n",
  },
  { path: "docs/retries.md", text: "# Retries\n\nshouldRetry decides.\n" },
  {
    path: "app/store.py",
    text: "class Store:\n    def renew(self, token):\n        return token\n",
  },
];

let worker: Worker;
beforeAll(() => {
  const { filename, execArgv } = threadFile(
    new URL("../../../src/worker-threads/parse-thread.js", import.meta.url),
    new URL("../../../src/worker-threads/parse-thread.ts", import.meta.url),
  );
  worker = new Worker(new URL(filename), {
    workerData: { warmUp: [FILES[0]], options: {} },
    ...(execArgv ? { execArgv } : {}),
  });
});
afterAll(() => worker.terminate());

const ask = (task: ParseTask) =>
  new Promise<ParseReply>((resolve) => {
    worker.once("message", resolve);
    worker.postMessage(task);
  });

describe("the parse thread", () => {
  it("derives each file nobody took, as the main thread does, and marks it taken", async () => {
    const taken = turnsTable(FILES.length);
    // The main thread took the second file already.
    taken[1] = TAKEN_HERE;
    const reply = await ask({ task: 7, files: FILES, options: {}, taken });
    await loadGrammarsFor(FILES);
    const counter = new Bm25Builder();
    const here = FILES.map((file) => deriveFile(file, {}, counter));
    expect(reply).toEqual({
      task: 7,
      made: [
        [0, here[0]],
        [2, here[2]],
        [3, here[3]],
      ],
    });
    expect([...taken]).toEqual([
      TAKEN_THERE,
      TAKEN_HERE,
      TAKEN_THERE,
      TAKEN_THERE,
    ]);
  });

  it("cuts with the task's options", async () => {
    const fine = { maxTokens: 8, mergeTokens: 4 };
    const taken = turnsTable(1);
    const reply = await ask({
      task: 8,
      files: [FILES[0] as (typeof FILES)[0]],
      options: fine,
      taken,
    });
    expect(reply).toEqual({
      task: 8,
      made: [
        [0, deriveFile(FILES[0] as (typeof FILES)[0], fine, new Bm25Builder())],
      ],
    });
  });
});
