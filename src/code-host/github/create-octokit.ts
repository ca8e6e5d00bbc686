import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { Deadline } from "../../shared/deadline.js";
import { GITHUB_REQUEST_RETRIES } from "../../shared/retry-schedule.js";
import { keepSlashesInPathVariables } from "./encode-path-segments.js";
import { quietRequestLog, type OctokitLogger } from "./quiet-request-log.js";

export type { OctokitLogger } from "./quiet-request-log.js";

/** The Octokit askcode reads code with: typed REST methods, throttling and retry built in, as Probot's own. */
export const AskcodeOctokit = Octokit.plugin(throttling, retry);
export type AskcodeOctokit = InstanceType<typeof AskcodeOctokit>;

/** The part of Octokit the code host needs: its typed REST methods (`rest.repos.getContent`, …). */
export type RequestingOctokit = Pick<AskcodeOctokit, "rest">;

/** GitHub's public API, when the operator names no other (GitHub Enterprise Server, GHE.com). */
export const GITHUB_API_URL = "https://api.github.com";

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
 * primary limits twice and never retry secondary ones; code search is the
 * endpoint most likely to meet a secondary limit, so we retry both, a bounded
 * number of times, and only when GitHub's wait is one we can afford: no
 * longer than `maxWaitSeconds`, and ending before the run's deadline when
 * the request carries one (`request.deadline`, see `GetOptions.deadline`),
 * so a secondary limit without `retry-after` (GitHub's 60 s default) fails
 * at once when the run has less time than that, and code search falls back.
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
      options: { method: string; url: string; request?: object },
      _octokit: unknown,
      retryCount: number,
    ) => {
      // Put there by `GitHubApi.get` with the run's deadline.
      const deadline = (options.request as { deadline?: Deadline } | undefined)
        ?.deadline;
      // GitHub's wait in the run's milliseconds (`retryAfterBaseValue` only shrinks real waits in tests).
      const pastDeadline =
        deadline !== undefined && retryAfter * 1000 >= deadline.remainingMs();
      const retry =
        retryCount < maxRetries && retryAfter <= maxWait && !pastDeadline;
      policy.log?.warn(
        `${kind} rate limit on ${options.method} ${options.url}: ` +
          (retry
            ? `retrying in ${retryAfter} s (retry ${retryCount + 1} of ${maxRetries})`
            : pastDeadline
              ? `giving up: the ${retryAfter} s wait would end past the run's time budget`
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
  /**
   * The REST API root (default https://api.github.com); for GitHub Enterprise
   * Server `https://<host>/api/v3`. The app passes the one Probot's own client uses.
   */
  baseUrl?: string;
  userAgent?: string;
  /** Where Octokit logs each request and warning (default: warnings and errors to the console). */
  logger?: OctokitLogger;
  /** The fetch under Octokit's retries (default the global one); the app's watches GitHub's health. */
  fetch?: typeof fetch;
}

/**
 * Builds the Octokit askcode reads code with (the app builds one per
 * installation, on Probot's base URL; the benchmarks and tests build theirs).
 * It sends requests to `baseUrl` and nowhere else: a request for any other
 * address (an absolute URL, a `baseUrl` parameter) is refused before it
 * leaves, so the token never reaches another host. Redirects (the tarball's
 * to codeload) are fetch's to follow, and fetch drops `Authorization` when a
 * redirect crosses origins.
 * See https://fetch.spec.whatwg.org/#http-redirect-fetch
 *
 * @example
 * const octokit = createOctokit({ id: "cli", auth: process.env.GITHUB_TOKEN });
 * const { data } = await octokit.rest.repos.get({ owner: "octo-org", repo: "hello-world" });
 */
export function createOctokit(options: CreateOctokitOptions): AskcodeOctokit {
  const baseUrl = (options.baseUrl ?? GITHUB_API_URL).replace(/\/+$/, "");
  const octokit = new AskcodeOctokit({
    auth: options.auth,
    baseUrl,
    userAgent: options.userAgent ?? "askcode",
    log: quietRequestLog(
      options.logger ?? {
        debug: () => {},
        info: () => {},
        warn: console.warn,
        error: console.error,
      },
    ),
    throttle: createThrottleOptions(options),
    ...(options.fetch ? { request: { fetch: options.fetch } } : {}),
    retry: {
      retries: options.serverErrorRetries ?? GITHUB_REQUEST_RETRIES,
      // 409 is "Git Repository is empty": retrying cannot help. 429 is the
      // throttling plugin's to retry (it reads retry-after); retrying it here too
      // would multiply the attempts. The rest are plugin-retry's defaults.
      doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
      retryAfterBaseValue: options.retryAfterBaseValue ?? 1000,
    },
  });
  octokit.hook.before("request", keepSlashesInPathVariables);
  octokit.hook.before("request", (request) => {
    const { method, url } = octokit.request.endpoint.parse(request);
    if (!isUnder(url, baseUrl))
      throw new Error(
        `askcode's GitHub client refused ${method} ${url}: it sends requests (and its token) only to ${baseUrl}.`,
      );
  });
  return octokit;
}

/** `url` is `base` or a path below it, on the same origin. */
function isUnder(url: string, base: string): boolean {
  const target = new URL(url);
  const root = new URL(base);
  if (target.origin !== root.origin) return false;
  const prefix = root.pathname.replace(/\/+$/, "");
  return target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
}
