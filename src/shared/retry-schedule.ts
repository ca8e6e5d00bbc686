/**
 * askcode's retry schedule, every layer of it in one place (the README's
 * "When GitHub fails" table says the same). From the innermost out:
 *
 * | layer | retries | waits |
 * | --- | --- | --- |
 * | one GitHub request (plugin-retry: 5xx, no answer) | `GITHUB_REQUEST_RETRIES` | (n+1)² s: 1, 4, 9 s |
 * | GitHub out of reach (no answer at all) | none: requests wait | a probe `GITHUB_PROBE_WAITS_MS` apart |
 * | a run's reads of the repository (5xx after the first layer) | stop after `FAILED_READS_BEFORE_STOP` in a row | none: the run ends, the queue retries it |
 * | a question whose failure may pass (a 5xx, the model) | `ASKCODE_JOB_ATTEMPTS` − 1 | `jobRetryDelayMs`: backoff × 2ⁿ⁻¹ |
 *
 * Reads a question cannot start without (its config, the app's name) have
 * no layer of their own: the first layer covers them, where a second
 * multiplied its attempts and kept the placeholder waiting 47 s.
 *
 * The waits of the first are plugin-retry's own
 * (https://github.com/octokit/plugin-retry.js, `retryAfter = (retryCount + 1)²`).
 */

/** How many times one GitHub request that failed with a 5xx or no answer is sent again (askcode's code reads). */
export const GITHUB_REQUEST_RETRIES = 3;

/**
 * Reads in a row GitHub may fail (5xx, each already retried by Octokit,
 * about 14 s apiece) before a run stops reading and ends with GitHub's
 * failure: about 42 s, well within the default 180 s wall time.
 */
export const FAILED_READS_BEFORE_STOP = 3;

/**
 * While GitHub is out of reach, the waits between the requests let through
 * to see whether it is back; the last repeats, so a question waits at most
 * a minute longer than the outage.
 */
export const GITHUB_PROBE_WAITS_MS: readonly number[] = [
  5_000, 10_000, 20_000, 30_000, 60_000,
];

/**
 * The wait before a question's next attempt, after `attemptsMade` attempts
 * failed (1 after the first): `backoffMs` (`ASKCODE_JOB_BACKOFF_SECONDS`),
 * doubling after each. Both queues use it: the in-process one directly,
 * BullMQ as its custom backoff strategy.
 *
 * @example
 * jobRetryDelayMs(10_000, 1) // 10_000
 * jobRetryDelayMs(10_000, 2) // 20_000
 */
export function jobRetryDelayMs(
  backoffMs: number,
  attemptsMade: number,
): number {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1)
    throw new TypeError(
      `jobRetryDelayMs: attemptsMade must be a whole number of at least 1, received ${String(attemptsMade)}.`,
    );
  return backoffMs * 2 ** (attemptsMade - 1);
}
