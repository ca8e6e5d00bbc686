import type { Clock } from "../../shared/clock.js";
import type { Deadline } from "../../shared/deadline.js";

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

export interface SearchPacerOptions {
  clock: Clock;
  /** Searches that may start per installation in any 60 s (default 9). */
  requestsPerMinute?: number;
  /** Observes the seconds each search waited in `acquire` (a metrics histogram). */
  waits?: { observe(seconds: number): void };
}

const WINDOW_MS = 60_000;
// As plugin-throttling does: start one second after the reset, not on it.
const AFTER_RESET_MS = 1000;

interface KeyState {
  /** When each search in the current window started (ms, oldest first). */
  started: number[];
  waiting: Array<() => void>;
  draining: boolean;
  /** Lower than `requestsPerMinute` when GitHub's `x-ratelimit-limit` says so. */
  limit: number;
  /** GitHub's word: at most `remaining` more searches until `resetAt` (`reset` as sent, in epoch seconds). */
  reported?: { remaining: number; reset: number; resetAt: number };
}

/**
 * Creates the pacer the GitHub host calls before every code-search page.
 * Time comes from `clock`, so tests drive it with a fake clock.
 *
 * @example
 * const pacer = createSearchPacer({ clock: systemClock });
 * await pacer.acquire("installation:42");
 * const response = await api.get("GET /search/code", { q }, { cache: false });
 * pacer.observe("installation:42", response.headers);
 */
export function createSearchPacer(options: SearchPacerOptions): SearchPacer {
  const { clock } = options;
  const perMinute = options.requestsPerMinute ?? 9;
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new TypeError(
      `requestsPerMinute must be a whole number of 1 or more; received ${perMinute}`,
    );
  const keys = new Map<string, KeyState>();

  function stateOf(key: string): KeyState {
    let state = keys.get(key);
    if (!state) {
      state = { started: [], waiting: [], draining: false, limit: perMinute };
      keys.set(key, state);
    }
    return state;
  }

  // How long the next caller of `state` must still wait; 0 when it may start now.
  function delay(state: KeyState, now: number): number {
    while (state.started.length > 0 && state.started[0]! <= now - WINDOW_MS)
      state.started.shift();
    if (state.reported && now >= state.reported.resetAt)
      state.reported = undefined;
    let wait = 0;
    const over = state.started.length - state.limit;
    if (over >= 0) wait = state.started[over]! + WINDOW_MS - now;
    if (state.reported && state.reported.remaining <= 0)
      wait = Math.max(wait, state.reported.resetAt - now);
    return Math.max(0, wait);
  }

  // One loop per key at a time, so callers start in the order they asked.
  async function drain(state: KeyState): Promise<void> {
    state.draining = true;
    try {
      while (state.waiting.length > 0) {
        // Re-checked after every sleep: `observe` may have tightened the budget meanwhile.
        for (let wait = delay(state, clock.now()); wait > 0;) {
          await clock.sleep(wait);
          wait = delay(state, clock.now());
        }
        // Everyone may have given up during the sleep: start nobody's search.
        if (state.waiting.length === 0) break;
        state.started.push(clock.now());
        if (state.reported) state.reported.remaining--;
        state.waiting.shift()?.();
      }
    } finally {
      state.draining = false;
    }
  }

  return {
    acquire(key, deadline) {
      const state = stateOf(key);
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
          const place = state.waiting.indexOf(start);
          if (place < 0) return;
          state.waiting.splice(place, 1);
          options.waits?.observe((clock.now() - askedAt) / 1000);
          resolve(false);
        };
        state.waiting.push(start);
        if (giveUp?.aborted) return leave();
        giveUp?.addEventListener("abort", leave, { once: true });
        if (!state.draining) void drain(state);
      });
    },
    observe(key, headers) {
      const resource = headers["x-ratelimit-resource"];
      if (resource !== undefined && String(resource) !== "code_search") return;
      const state = stateOf(key);
      const limit = numberHeader(headers, "x-ratelimit-limit");
      if (limit !== undefined && limit >= 1)
        state.limit = Math.min(perMinute, Math.floor(limit));
      const remaining = numberHeader(headers, "x-ratelimit-remaining");
      const reset = numberHeader(headers, "x-ratelimit-reset");
      if (remaining === undefined || reset === undefined) return;
      const now = clock.now();
      // A reset more than a window away can only be clock skew; a minute bounds the damage.
      const resetAt = Math.min(reset * 1000 + AFTER_RESET_MS, now + WINDOW_MS);
      if (resetAt <= now) return;
      const known = state.reported;
      // Responses to concurrent searches may arrive out of order: within one
      // window (the same reset), the lowest `remaining` is the truest.
      state.reported =
        known && known.reset === reset
          ? { ...known, remaining: Math.min(known.remaining, remaining) }
          : { remaining, reset, resetAt };
    },
  };
}

function numberHeader(
  headers: Readonly<Record<string, string | number | undefined>>,
  name: string,
): number | undefined {
  const value = headers[name];
  if (value === undefined || String(value).trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}
