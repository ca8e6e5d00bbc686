import {
  renderProgressComment,
  type ProgressEvent,
} from "../answer/render-progress-comment.js";
import type { Clock } from "../shared/clock.js";

export interface ProgressReporterInput {
  /** Edits the progress comment; a failed edit is dropped (the next one, or the answer, replaces it). */
  edit(body: string): Promise<unknown>;
  clock: Clock;
  /** At most one edit this often; the comment was just posted, so the first waits too. */
  intervalMs: number;
  /** What the posted comment already shows (its events). */
  shown?: readonly ProgressEvent[];
}

export interface ProgressReporter {
  /** Adds a step; the comment shows it (with every step before it) within `intervalMs`. */
  record(event: ProgressEvent): void;
  /**
   * Stops editing: an edit not yet sent is dropped, since the answer (or the
   * failure) that follows replaces the whole comment; an edit under way is
   * waited for, so it cannot land after the answer.
   */
  close(): Promise<void>;
}

/**
 * The progress comment's edits, throttled and coalesced: at most one edit
 * per `intervalMs` (GitHub's write limits, and a reader's patience), each
 * one the newest state, one at a time so they land in order. A step recorded
 * inside the interval is written when the interval ends (a `clock.timeout`
 * signal, which never keeps the process alive), together with any step
 * recorded after it.
 *
 * @example
 * const progress = createProgressReporter({ edit: (body) => comment.edit(body), clock, intervalMs: 3_000 });
 * progress.record({ kind: "searched", files: 120 });
 * await progress.close();
 * await comment.deliver(answer);
 */
export function createProgressReporter(
  input: ProgressReporterInput,
): ProgressReporter {
  const { clock, intervalMs } = input;
  const events: ProgressEvent[] = [...(input.shown ?? [])];
  let lastEditAt = clock.now();
  let pending = false;
  let waiting = false;
  let closed = false;
  let editing: Promise<void> | undefined;

  const send = () => {
    if (closed || !pending || editing || waiting) return;
    const wait = lastEditAt + intervalMs - clock.now();
    if (wait > 0) {
      waiting = true;
      clock.timeout(wait).addEventListener(
        "abort",
        () => {
          waiting = false;
          send();
        },
        { once: true },
      );
      return;
    }
    pending = false;
    lastEditAt = clock.now();
    editing = input
      .edit(renderProgressComment(events))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        editing = undefined;
        send();
      });
  };

  return {
    record(event) {
      if (closed) return;
      events.push(event);
      pending = true;
      send();
    },
    async close() {
      closed = true;
      pending = false;
      await editing;
    },
  };
}
