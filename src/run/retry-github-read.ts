import type { Clock } from "../shared/clock.js";
import { GITHUB_READ_WAITS_MS } from "../shared/retry-schedule.js";

/**
 * Runs `read` until it succeeds, waiting `waitsMs[i]` on the injected clock
 * after the i-th failure, as long as the failure may pass (a 5xx, a 429, a
 * network error with no status); any other error (a 401, a 403 for missing
 * permission) is thrown at once, as is the last one.
 *
 * @example
 * const slug = await retryGitHubRead(() => readSlug(), { clock });
 */
export async function retryGitHubRead<T>(
  read: () => Promise<T>,
  options: { clock: Pick<Clock, "sleep">; waitsMs?: readonly number[] },
): Promise<T> {
  const waits = options.waitsMs ?? GITHUB_READ_WAITS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const wait = waits[attempt];
      if (wait === undefined || !mayPass(error)) throw error;
      await options.clock.sleep(wait);
    }
  }
}

/** Whether a failed GitHub request is worth repeating. */
export function mayPass(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status !== "number") return true;
  return status >= 500 || status === 429;
}
