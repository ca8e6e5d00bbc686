import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type {
  AnswerCommentInput,
  RenderedComment,
} from "../answer/render-answer-comment.js";
import type { RedactOptions } from "../policy/redact-secrets.js";
import type { Redacted } from "../policy/replace-secret-spans.js";
import type { ChunkOptions } from "../retrieval/chunks/chunk-file.js";
import type { DerivedFile } from "../retrieval/index/derive-file.js";
import type { CpuTask } from "./cpu-tasks.js";

/**
 * Threads for the CPU work of reading a repository the first time (redacting
 * its files' secrets, deriving their chunks and term counts) and of making an
 * answer safe to post. On the event loop that work holds webhooks back (each
 * file is a few milliseconds, a large one tens, and its garbage is collected
 * on the same heap); on a thread of its own it shares the cores with the
 * acknowledgements, not their turns, and on a machine with more cores it runs
 * in parallel.
 */
export interface CpuPool {
  /** `redactSecrets(text, options)`, on a thread. */
  redact(text: string, options: RedactOptions): Promise<Redacted>;
  /** `deriveFile` for each file (LF text), on the threads in batches; in the order given. */
  derive(
    files: ReadonlyArray<{ path: string; text: string }>,
    options: ChunkOptions,
  ): Promise<DerivedFile[]>;
  /** `renderAnswerComment(input)`, on a thread: its secret and link passes over a long answer hold a loop for tens of milliseconds. */
  renderAnswer(input: AnswerCommentInput): Promise<RenderedComment>;
  /** Ends the threads; tasks still queued are refused. */
  close(): Promise<void>;
}

// Files per derive task: large enough that a batch's counter learns words
// across files and a message carries real work, small enough that the
// threads share a repository evenly.
const FILES_PER_BATCH = 64;
const CHARS_PER_BATCH = 2 * 1024 * 1024;

/**
 * A pool of `threads` worker threads (piscina) running `cpu-tasks`. Threads
 * start with the first task and end after a minute idle, so a process that
 * answers nothing holds none.
 *
 * @example
 * const cpu = createCpuPool({ threads: operator.cpuThreads });
 * const derived = await cpu.derive([{ path: "app.py", text }], {});
 * await cpu.close();
 */
export function createCpuPool(options: {
  threads: number;
  /**
   * Run the threads at the lowest scheduling priority (default true): right
   * where an event loop must keep answering beside them; wrong where
   * nothing else runs and the threads are the work (the CLI).
   */
  background?: boolean;
}): CpuPool {
  if (!Number.isInteger(options.threads) || options.threads < 1)
    throw new RangeError(
      `createCpuPool: threads must be a whole number of at least 1, received ${String(options.threads)}.`,
    );
  const pool = new Piscina({
    ...taskFile(),
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    // The lowest scheduling priority (nice 19, through @napi-rs/nice, per
    // thread on Linux): the event loop's thread, which acknowledges
    // webhooks, gets a core whenever it wants one and these take what is
    // left. On two cores they would otherwise share the cores evenly, and
    // the acknowledgements would wait their turn.
    niceIncrement: (options.background ?? true) ? 19 : 0,
  });
  const run = <T>(task: CpuTask): Promise<T> => pool.run(task) as Promise<T>;
  return {
    redact: (text, redactOptions) =>
      run({ kind: "redact", text, options: redactOptions }),
    renderAnswer: (input) => run({ kind: "render-answer", input }),
    async derive(files, chunkOptions) {
      const batches = await Promise.all(
        batch(files).map((part) =>
          run<DerivedFile[]>({
            kind: "derive",
            files: part,
            options: chunkOptions,
          }),
        ),
      );
      return batches.flat();
    },
    close: async () => {
      await pool.destroy();
      // Piscina is an async resource it never reports destroyed, so a
      // process that watches for them (Jest's --detectOpenHandles) counts
      // the closed pool as still open.
      pool.emitDestroy();
    },
  };
}

/**
 * The task file next to this one: the compiled `.js` in `dist/`; from the
 * sources (tsx, Jest), the `.ts` file, which a thread loads through tsx as
 * the process does (threads do not share the main thread's loaders).
 */
function taskFile(): { filename: string; execArgv?: string[] } {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith(".ts"))
    return { filename: new URL("./cpu-tasks.js", import.meta.url).href };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return {
    filename: new URL("./cpu-tasks.ts", import.meta.url).href,
    execArgv: ["--import", tsx],
  };
}

function batch<T extends { text: string }>(files: readonly T[]): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const file of files) {
    if (
      current.length > 0 &&
      (current.length >= FILES_PER_BATCH ||
        chars + file.text.length > CHARS_PER_BATCH)
    ) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(file);
    chars += file.text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
