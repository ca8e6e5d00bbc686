import type { Clock } from "../../shared/clock.js";
import type { SearchPacer } from "./search-pacer.js";
import {
  readRateLimitReport,
  type SearchWindow,
} from "./search-pacer-window.js";

export interface QueuedPacerOptions {
  clock: Clock;
  /** Where the slots are counted: this process's memory, or Redis for every replica. */
  window: SearchWindow;
  /** Observes the seconds each search waited in `acquire` (a metrics histogram). */
  waits?: { observe(seconds: number): void };
}

interface KeyLine {
  waiting: Array<() => void>;
  draining: boolean;
}

/**
 * A `SearchPacer` in front of a `SearchWindow`: this process's callers for
 * one key wait in one line and start first come, first served, each once
 * the window has a slot; a caller with a deadline leaves the line after half
 * the time its run had left. Across processes (the Redis window) it is the
 * budget that is shared, not the line.
 *
 * @example
 * const pacer = createQueuedPacer({ clock, window: createMemorySearchWindow(9) });
 */
export function createQueuedPacer(options: QueuedPacerOptions): SearchPacer {
  const { clock, window } = options;
  const lines = new Map<string, KeyLine>();

  function lineOf(key: string): KeyLine {
    let line = lines.get(key);
    if (!line) {
      line = { waiting: [], draining: false };
      lines.set(key, line);
    }
    return line;
  }

  // One loop per key at a time, so callers start in the order they asked.
  async function drain(key: string, line: KeyLine): Promise<void> {
    line.draining = true;
    try {
      while (line.waiting.length > 0) {
        // Asked again after every sleep: `observe` (or another replica) may
        // have changed the budget meanwhile.
        const slot = await window.take(key, clock.now());
        if (!slot.taken) {
          await clock.sleep(slot.waitMs);
          continue;
        }
        const next = line.waiting.shift();
        // Everyone gave up while the slot was being taken: count nothing.
        if (next) next();
        else slot.release();
      }
    } finally {
      line.draining = false;
      if (line.waiting.length === 0) lines.delete(key);
    }
  }

  return {
    acquire(key, deadline) {
      const line = lineOf(key);
      const askedAt = clock.now();
      const giveUp = deadline
        ? AbortSignal.any([
            deadline.signal,
            clock.timeout(deadline.remainingMs() / 2),
          ])
        : undefined;
      return new Promise<boolean>((resolve) => {
        const start = () => {
          giveUp?.removeEventListener("abort", leave);
          options.waits?.observe((clock.now() - askedAt) / 1000);
          resolve(true);
        };
        const leave = () => {
          const place = line.waiting.indexOf(start);
          if (place < 0) return;
          line.waiting.splice(place, 1);
          options.waits?.observe((clock.now() - askedAt) / 1000);
          resolve(false);
        };
        line.waiting.push(start);
        if (giveUp?.aborted) return leave();
        giveUp?.addEventListener("abort", leave, { once: true });
        if (!line.draining) void drain(key, line);
      });
    },
    observe(key, headers) {
      const now = clock.now();
      const report = readRateLimitReport(headers, now);
      if (report.limit !== undefined || report.window)
        window.observe(key, report, now);
    },
  };
}
