import type { Clock } from "../src/shared/clock.js";

/** One `GET /search/code` the stand-in answered. */
export interface CodeSearchServed {
  /** When it was answered (ms, on the stand-in's clock). */
  at: number;
  /** 200 when served, 403 when refused for the limit. */
  status: 200 | 403;
  /** The installation token it carried. */
  token: string;
}

/** How the stand-in answers a search: its status and GitHub's `x-ratelimit-*` headers. */
export interface CodeSearchVerdict {
  status: 200 | 403;
  headers: Record<string, string>;
}

/**
 * GitHub's code-search rate limit as the stand-in enforces it: per
 * installation token, at most `perMinute` (GitHub: 10) searches served in any
 * rolling 60 s; beyond it a 403. Every response carries the `code_search`
 * resource's headers as GitHub sends them: the limit, what is left, the
 * epoch second a slot frees, the used count. Refused searches do not count
 * against the budget (GitHub's do not either); every verdict is recorded in
 * `served`, so a bench can check the busiest minute afterwards.
 * See https://docs.github.com/en/rest/search/search#rate-limit
 *
 * @example
 * const limit = createCodeSearchLimit({ clock: systemClock });
 * limit.admit("ghs_…") // { status: 200, headers: { "x-ratelimit-remaining": "9", … } }
 */
export function createCodeSearchLimit(options: {
  clock: Clock;
  /** Searches per rolling minute per token (GitHub's 10). */
  perMinute?: number;
}): {
  admit(token: string): CodeSearchVerdict;
  served: CodeSearchServed[];
} {
  const perMinute = options.perMinute ?? 10;
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new TypeError(
      `perMinute must be a whole number of 1 or more; received ${perMinute}`,
    );
  const windows = new Map<string, number[]>();
  const served: CodeSearchServed[] = [];
  return {
    served,
    admit(token) {
      const now = options.clock.now();
      const window = (windows.get(token) ?? []).filter(
        (at) => at > now - WINDOW_MS,
      );
      windows.set(token, window);
      const status = window.length < perMinute ? 200 : 403;
      if (status === 200) window.push(now);
      served.push({ at: now, status, token });
      // The first second at which the oldest search in the window leaves it.
      const reset = Math.ceil(((window[0] ?? now) + WINDOW_MS) / 1000);
      return {
        status,
        headers: {
          "x-ratelimit-limit": String(perMinute),
          "x-ratelimit-remaining": String(perMinute - window.length),
          "x-ratelimit-reset": String(reset),
          "x-ratelimit-used": String(window.length),
          "x-ratelimit-resource": "code_search",
        },
      };
    },
  };
}

const WINDOW_MS = 60_000;

/**
 * The most searches served (status 200) within any 60 s, per token, over
 * `served`: what GitHub's limit bounds.
 *
 * @example
 * busiestMinute(standIn.codeSearches) // 9
 */
export function busiestMinute(served: readonly CodeSearchServed[]): number {
  let most = 0;
  const byToken = new Map<string, number[]>();
  for (const search of served)
    if (search.status === 200)
      byToken.set(search.token, [
        ...(byToken.get(search.token) ?? []),
        search.at,
      ]);
  for (const times of byToken.values()) {
    times.sort((a, b) => a - b);
    let first = 0;
    for (let last = 0; last < times.length; last++) {
      while (times[last]! - times[first]! >= WINDOW_MS) first++;
      most = Math.max(most, last - first + 1);
    }
  }
  return most;
}
