import type { Clock } from "../../shared/clock.js";
import type { Deadline } from "../../shared/deadline.js";
import { createQueuedPacer, type SearchPacer } from "./search-pacer-queue.js";
export type { SearchPacer };
import {
  searchesPerMinute,
  WINDOW_MS,
  type SearchWindow,
} from "./search-pacer-window.js";

export interface SearchPacerOptions {
  clock: Clock;
  /** Searches that may start per installation in any 60 s (default 9). */
  requestsPerMinute?: number;
  /** Observes the seconds each search waited in `acquire` (a metrics histogram). */
  waits?: { observe(seconds: number): void };
}

/**
 * Creates the pacer the GitHub host calls before every code-search page,
 * counting in this process's memory (one replica; `createRedisSearchPacer`
 * shares the count between replicas). Time comes from `clock`, so tests
 * drive it with a fake clock.
 *
 * @example
 * const pacer = createSearchPacer({ clock: systemClock });
 * await pacer.acquire("installation:42");
 * const response = await api.get("GET /search/code", { q }, { cache: false });
 * pacer.observe("installation:42", response.headers);
 */
export function createSearchPacer(options: SearchPacerOptions): SearchPacer {
  return createQueuedPacer({
    clock: options.clock,
    waits: options.waits,
    window: createMemorySearchWindow(
      searchesPerMinute(options.requestsPerMinute),
    ),
  });
}

interface KeyWindow {
  /** When each search in the current window started (ms, oldest first). */
  started: number[];
  /** Lower than `perMinute` when GitHub's `x-ratelimit-limit` says so. */
  limit: number;
  /** GitHub's word: at most `remaining` more searches until `resetAt`. */
  reported?: { remaining: number; reset: number; resetAt: number };
}

// The sliding window of each key, in this process.
function createMemorySearchWindow(perMinute: number): SearchWindow {
  const keys = new Map<string, KeyWindow>();
  const windowOf = (key: string) => {
    let state = keys.get(key);
    if (!state) keys.set(key, (state = { started: [], limit: perMinute }));
    return state;
  };
  return {
    async take(key, now) {
      const state = windowOf(key);
      while (state.started.length > 0 && state.started[0]! <= now - WINDOW_MS)
        state.started.shift();
      if (state.reported && now >= state.reported.resetAt)
        state.reported = undefined;
      let wait = 0;
      const over = state.started.length - state.limit;
      if (over >= 0) wait = state.started[over]! + WINDOW_MS - now;
      if (state.reported && state.reported.remaining <= 0)
        wait = Math.max(wait, state.reported.resetAt - now);
      if (wait > 0) return { taken: false, waitMs: wait };
      state.started.push(now);
      const { reported } = state;
      if (reported) reported.remaining--;
      return {
        taken: true,
        release() {
          const place = state.started.lastIndexOf(now);
          if (place >= 0) state.started.splice(place, 1);
          if (reported && state.reported === reported) reported.remaining++;
        },
      };
    },
    observe(key, report) {
      const state = windowOf(key);
      if (report.limit !== undefined)
        state.limit = Math.min(perMinute, report.limit);
      if (!report.window) return;
      const known = state.reported;
      // Responses to concurrent searches may arrive out of order: within one
      // window (the same reset), the lowest `remaining` is the truest.
      state.reported =
        known && known.reset === report.window.reset
          ? {
              ...known,
              remaining: Math.min(known.remaining, report.window.remaining),
            }
          : { ...report.window };
    },
  };
}
