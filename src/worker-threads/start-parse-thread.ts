import { Worker } from "node:worker_threads";
import type { ChunkOptions } from "../retrieval/chunks/chunk-file.js";
import type { DerivedFile } from "../retrieval/index/derive-file.js";
import type { ParseAlongside } from "../retrieval/one-question/parse-alongside.js";
import type {
  ParseReply,
  ParseTask,
  ParseThreadStart,
} from "./parse-thread.js";
import { threadFile } from "./thread-file.js";
import {
  anyTakenThere,
  takeTurns,
  TAKEN_HERE,
  turnsTable,
} from "./take-turns.js";

/**
 * Starts a thread that parses beside the main one (see `ParseAlongside`),
 * a plain worker thread rather than a `CpuPool`'s: one thread for one
 * question's files, started before they are known, loading only what
 * deriving needs (no piscina, no redaction), so that its start, its
 * grammars and its first parse (about 0.17 s more than its size explains)
 * are paid while the main thread still reads and cuts the first pass.
 * `warmUp`: files cut once on the thread and thrown away, a small one per
 * language the question will parse.
 *
 * The thread holds the process open only while it works for `share`.
 *
 * @example
 * const alongside = startParseThread(warmUp, {});
 * const there = await alongside.share(files, {}, (k) => deriveHere(k));
 * await alongside.close();
 */
export function startParseThread(
  warmUp: ReadonlyArray<{ path: string; text: string }>,
  options: ChunkOptions,
): ParseAlongside {
  const { filename, execArgv } = threadFile(
    new URL("./parse-thread.js", import.meta.url),
    new URL("./parse-thread.ts", import.meta.url),
  );
  const worker = new Worker(new URL(filename), {
    workerData: { warmUp, options } satisfies ParseThreadStart,
    ...(execArgv ? { execArgv } : {}),
  });
  worker.unref();
  // Whatever ends the thread early fails a share that waits on it.
  const ended = new Promise<never>((_, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`The parse thread exited (code ${code})`)),
    );
  });
  ended.catch(() => {});
  // A share that stopped waiting leaves its reply to come: each reply
  // names its task.
  let tasks = 0;
  return {
    async share(files, chunkOptions, deriveHere) {
      const taken = turnsTable(files.length);
      const task = ++tasks;
      let answered: (reply: ParseReply) => void = () => {};
      const reply = new Promise<ParseReply>((resolve) => (answered = resolve));
      const listen = (message: ParseReply) => {
        if (message.task === task) answered(message);
      };
      worker.on("message", listen);
      worker.ref();
      try {
        worker.postMessage({
          task,
          files,
          options: chunkOptions,
          taken,
        } satisfies ParseTask);
        takeTurns(taken, TAKEN_HERE, deriveHere, files.length);
        // Still starting when the files ran out: nothing to wait for.
        if (!anyTakenThere(taken, files.length))
          return new Map<number, DerivedFile>();
        const answer = await Promise.race([reply, ended]);
        if ("error" in answer)
          throw new Error(`The parse thread failed: ${answer.error}`);
        return new Map(answer.made);
      } finally {
        worker.off("message", listen);
        worker.unref();
      }
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
