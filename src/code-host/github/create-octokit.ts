// @octokit/core rather than @octokit/rest: we only call `request`, and rest's request-log
// plugin would print every 304 (a success for us) as an error.
import { Octokit } from "@octokit/core";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";

/** The Octokit askcode reads code with: throttling and retry built in, as Probot's own. */
export const AskcodeOctokit = Octokit.plugin(throttling, retry);
export type AskcodeOctokit = InstanceType<typeof AskcodeOctokit>;

/** The part of Octokit the code host needs; Probot's `context.octokit` satisfies it too. */
export type RequestingOctokit = Pick<Octokit, "request" | "log">;

export interface RateLimitPolicy {
  /** Throttle key: one per installation, so one busy installation never slows another. */
  id: string;
  /** How many times a rate-limited request is retried before it fails (default 2). */
  maxRateLimitRetries?: number;
  /** The longest single wait we accept, in seconds (default 120): longer, and we fail with a typed error instead of holding a job. */
  maxWaitSeconds?: number;
  /** How many times a 5xx or network error is retried, with (n+1)² × base backoff (default 3). */
  serverErrorRetries?: number;
  /** Milliseconds per second of `retry-after` and backoff; tests shrink it (default 1000). */
  retryAfterBaseValue?: number;
  log?: { warn(message: string): void };
}

/**
 * Throttle options that say our policy out loud. Probot's instance defaults retry
 * primary limits twice and never retry secondary ones (docs/conventions.md,
 * "Octokit plugins and the rate-limit policy"); code search is the endpoint most likely to meet a
 * secondary limit, so we retry both, a bounded number of times, and only when
 * GitHub's wait is one we can afford.
 * See https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api
 */
export function createThrottleOptions(
  policy: RateLimitPolicy,
): ThrottlingOptions {
  const maxRetries = policy.maxRateLimitRetries ?? 2;
  const maxWait = policy.maxWaitSeconds ?? 120;
  const decide =
    (kind: string) =>
    (
      retryAfter: number,
      options: { method: string; url: string },
      _octokit: unknown,
      retryCount: number,
    ) => {
      const retry = retryCount < maxRetries && retryAfter <= maxWait;
      policy.log?.warn(
        `${kind} rate limit on ${options.method} ${options.url}: ` +
          (retry
            ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${maxRetries})`
            : "giving up"),
      );
      return retry;
    };
  return {
    id: policy.id,
    onRateLimit: decide("Primary"),
    onSecondaryRateLimit: decide("Secondary"),
    retryAfterBaseValue: policy.retryAfterBaseValue ?? 1000,
    fallbackSecondaryRateRetryAfter: 60,
  };
}

export interface CreateOctokitOptions extends RateLimitPolicy {
  /** An installation or personal token; none for anonymous reads of public repositories. */
  auth?: string;
  baseUrl?: string;
  userAgent?: string;
  /** Where Octokit logs each request and warning (default: warnings and errors to the console). */
  logger?: OctokitLogger;
}

export interface OctokitLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * Builds an Octokit for the command line and benchmarks (the app uses Probot's
 * authenticated Octokit, configured with the same throttle options).
 *
 * @example
 * const octokit = createOctokit({ id: "cli", auth: process.env.GITHUB_TOKEN });
 */
export function createOctokit(options: CreateOctokitOptions): AskcodeOctokit {
  return new AskcodeOctokit({
    auth: options.auth,
    baseUrl: options.baseUrl,
    userAgent: options.userAgent ?? "askcode",
    log: options.logger ?? {
      debug: () => {},
      info: () => {},
      warn: console.warn,
      error: console.error,
    },
    throttle: createThrottleOptions(options),
    retry: {
      retries: options.serverErrorRetries ?? 3,
      // 409 is "Git Repository is empty": retrying cannot help. 429 is the
      // throttling plugin's to retry (it reads retry-after); retrying it here too
      // would multiply the attempts. The rest are plugin-retry's defaults.
      doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
      retryAfterBaseValue: options.retryAfterBaseValue ?? 1000,
    },
  });
}
