/**
 * A long computation written as a generator that `yield`s wherever it may
 * pause (between files, every few thousand chunks, between packing steps).
 * The same steps run to the end at once (`runToEnd`) or in time slices that
 * give the event loop a turn between them (`TimeSlices.run`), so both give
 * the same result by construction.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end without pausing, for callers that hold no event loop worth sharing (tests, benches, the CLI). */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export interface TimeSlices {
  /**
   * Runs `steps` to the end, pausing once a slice has run for `sliceMs`
   * so that webhooks (whose handler only verifies and enqueues) are answered
   * while a question is indexed and ranked.
   */
  run<T>(steps: Steps<T>): Promise<T>;
  /**
   * For async code that does long work between awaits which resolve at once
   * (a chain of promises never lets the event loop take I/O): waits for the
   * next turn when the current slice is spent, else resolves at once.
   */
  breathe(): Promise<void>;
}

export interface TimeSlicesOptions {
  /** Longest stretch of work between two turns of the event loop (default 8 ms). */
  sliceMs?: number;
  /** Milliseconds, for measuring slices (default `performance.now`). */
  now?: () => number;
  /** Calls `resume` on a later turn of the event loop, after pending I/O (default `setImmediate`). */
  nextTurn?: (resume: () => void) => void;
}

/**
 * Time slices shared by every computation run through them: each turn of the
 * event loop resumes one paused computation, the longest waiting, so four
 * questions ranked at once still hold the loop for one slice, not four
 * (immediates queued before a turn all run in it, back to back).
 *
 * @example
 * const slices = createTimeSlices({ sliceMs: 8 });
 * const index = await slices.run(indexRepositorySteps(files));
 */
export function createTimeSlices(options: TimeSlicesOptions = {}): TimeSlices {
  const sliceMs = options.sliceMs ?? 8;
  if (!(sliceMs >= 0))
    throw new TypeError(
      `createTimeSlices: sliceMs must be a number of milliseconds of at least 0, received ${String(sliceMs)}.`,
    );
  const now = options.now ?? (() => performance.now());
  const nextTurn =
    options.nextTurn ?? ((resume: () => void) => void setImmediate(resume));
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const releaseOne = (): void => {
    scheduled = false;
    const resume = waiting.shift();
    // Scheduled from inside a turn, this runs on the next one.
    if (waiting.length > 0) schedule();
    resume?.();
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    nextTurn(releaseOne);
  };
  // When the running slice began: on a resume, the one computation this
  // turn gives the loop to. Before the first pause it is long past, so work
  // that starts mid-turn pauses first and does not add to what ran before it.
  let sliceStarted = -Infinity;
  const spent = (): boolean => now() - sliceStarted >= sliceMs;
  const pause = (): Promise<void> =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    }).then(() => {
      sliceStarted = now();
    });

  return {
    async run(steps) {
      for (;;) {
        if (spent()) await pause();
        const step = steps.next();
        if (step.done) return step.value;
      }
    },
    breathe: () => (spent() ? pause() : Promise.resolve()),
  };
}

/**
 * The process's time slices: one event loop, so one queue of paused
 * computations, shared like the loop itself.
 */
export const eventLoopSlices: TimeSlices = createTimeSlices();
