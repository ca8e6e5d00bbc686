import type { Deadline } from "../../shared/deadline.js";
import type { Clock } from "../../shared/clock.js";
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

/**
 * askcode's own budget for `GET /search/code`, one queue per installation.
 *
 * GitHub allows about 10 code searches a minute per installation, counted
 * apart from the core limit and reported with `x-ratelimit-resource:
 * code_search` (https://docs.github.com/en/rest/search/search#rate-limit).
 * Octokit's throttling plugin does not know that budget: its built-in `search`
 * group only runs searches one at a time, 2 s apart, per throttle `id`
 * (plugin-throttling `src/index.ts`, `groups.search`), which allows 30 a
 * minute. So the two layers split the work:
 * - this pacer decides *whether* a search may start: at most
 *   `requestsPerMinute` (default 9, one below GitHub's 10 to leave room for a
 *   request we did not see) in any sliding 60 s window, callers served first
 *   come, first served, so a burst of questions waits its turn instead of
 *   failing with 403;
 * - Octokit's `search` group then spaces the requests it lets through 2 s
 *   apart, and its rate-limit handlers retry the rare 403/429 that still
 *   happens (another replica, another process with the same installation).
 */
export interface SearchPacer {
  /**
   * Resolves `true` when a code search for `key` (one installation) may
   * start. With the run's `deadline`, it waits at most half the time the run
   * had left when it asked, and resolves `false` then (its place given up,
   * nothing counted): the caller searches the tree instead, and the other
   * half of the time is left for that and for the answer.
   */
  acquire(key: string, deadline?: Deadline): Promise<boolean>;
  /**
   * Reads GitHub's `x-ratelimit-*` headers off a code-search response (or a
   * rate-limit error's response) and tightens the budget for `key` when
   * GitHub has less left than we thought: with `remaining: 0`, nothing more
   * starts until `x-ratelimit-reset`. Never loosens our own window.
   */
  observe(
    key: string,
    headers: Readonly<Record<string, string | number | undefined>>,
  ): void;
}
