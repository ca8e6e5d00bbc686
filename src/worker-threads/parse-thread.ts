import { parentPort, workerData } from "node:worker_threads";
import {
  loadGrammarsFor,
  type ChunkOptions,
} from "../retrieval/chunks/chunk-file.js";
import { Bm25Builder } from "../retrieval/index/bm25-builder.js";
import {
  deriveFile,
  type DerivedFile,
} from "../retrieval/index/derive-file.js";
import { takeTurns, TAKEN_THERE } from "./take-turns.js";

/** What a parse thread starts with (see `startParseThread`). */
export interface ParseThreadStart {
  /** Files cut once and thrown away, so the grammars and the first parse's costs are paid before real work arrives. */
  warmUp: ReadonlyArray<{ path: string; text: string }>;
  options: ChunkOptions;
}

/** Files to derive, taken in turn with the main thread through `taken`. */
export interface ParseTask {
  /** Names the task in its reply. */
  task: number;
  files: ReadonlyArray<{ path: string; text: string }>;
  options: ChunkOptions;
  taken: Int32Array;
}

/** The thread's answer: what it derived, by position in the task's files, or why it could not. */
export type ParseReply = { task: number } & (
  { made: Array<[number, DerivedFile]> } | { error: string }
);

// The thread's entry: warm up at once, then derive what it takes of each
// task. The derivations are what the main thread would make (the same
// functions; a derivation does not depend on the counter that counted it).
const start = workerData as ParseThreadStart;
const warm = warmUp(start).catch(() => {
  // A task loads its grammars again; a failed warm-up costs only time.
});
parentPort?.on("message", (task: ParseTask) => {
  void derive(task).then(
    (made) =>
      parentPort?.postMessage(
        { task: task.task, made } satisfies ParseReply,
        buffersOf(made),
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        task: task.task,
        error: String(error),
      } satisfies ParseReply),
  );
});

async function warmUp({ warmUp: files, options }: ParseThreadStart) {
  await loadGrammarsFor(files);
  const counter = new Bm25Builder();
  for (const file of files) deriveFile(file, options, counter);
}

async function derive(task: ParseTask): Promise<Array<[number, DerivedFile]>> {
  await warm;
  await loadGrammarsFor(task.files);
  const counter = new Bm25Builder();
  const made: Array<[number, DerivedFile]> = [];
  takeTurns(task.taken, TAKEN_THERE, (k) => {
    made.push([
      k,
      deriveFile(
        task.files[k] as { path: string; text: string },
        task.options,
        counter,
      ),
    ]);
  });
  return made;
}

// The derivations' typed arrays are moved, not copied, to the main thread.
function buffersOf(made: Array<[number, DerivedFile]>): ArrayBuffer[] {
  return made.flatMap(([, d]) =>
    [d.termEnd, d.termIndex, d.termFreq, d.docLength].map(
      (array) => array.buffer as ArrayBuffer,
    ),
  );
}
