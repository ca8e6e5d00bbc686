import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import { ModelError } from "../shared/errors.js";
import {
  failureMessage,
  times,
  type EndpointFailure,
} from "./endpoint-failure.js";
import { ModelOutOfTimeError } from "./model-out-of-time-error.js";

export interface RetryPolicy {
  /** Retries after the first attempt (default 3: four attempts in all). */
  maxRetries: number;
  /** The first backoff; each retry waits twice as long as the one before (default 1 s). */
  baseDelayMs: number;
  /** No backoff is longer than this (default 20 s). */
  maxDelayMs: number;
  /** A server's `retry-after` is honoured up to this; longer, and we give up at once (default 60 s). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
};

export interface RetryOptions {
  policy: RetryPolicy;
  clock: Clock;
  /** Maps an error to an endpoint failure; `undefined` for our own bugs, which are rethrown as is. */
  classify: (error: unknown) => EndpointFailure | undefined;
  /** For messages: where, which model, how long one attempt may take. */
  endpoint: { url: string; model: string; timeoutMs: number };
  log?: { warn(meta: object, message: string): void };
  /** Jitter source in [0, 1): a backoff is shortened by up to a quarter (default Math.random). */
  random?: () => number;
  /**
   * The run's deadline: no attempt starts once it has passed, no wait starts
   * that would end past it, and an attempt its signal aborted is not retried.
   */
  deadline?: Deadline;
}

/**
 * Calls the model endpoint, retrying what a wait can cure: 408, 409, 429,
 * 5xx, timeouts and connection errors. Backoff doubles from `baseDelayMs`
 * (capped, with a little jitter) unless the server says how long to wait in
 * `retry-after`, which is honoured up to `maxRetryAfterMs`. Every wait goes
 * through the injected clock (docs/conventions.md, "Time is a dependency"). When retries run out, or the
 * failure is one a wait cannot cure (401, 404, 400), throws `ModelError` with a
 * message a maintainer can act on. Past the run's `deadline`, or when the
 * wait would end past it, throws `ModelOutOfTimeError` instead.
 *
 * @example
 * const completion = await retryModelCall(() => client.chat.completions.create(body), {
 *   policy: DEFAULT_RETRY_POLICY, clock, classify, endpoint: { url, model, timeoutMs },
 * });
 */
export async function retryModelCall<T>(
  attempt: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { policy, clock, endpoint, deadline } = options;
  const random = options.random ?? Math.random;
  const failures: EndpointFailure[] = [];
  for (;;) {
    if (deadline && deadline.remainingMs() <= 0)
      throw new ModelOutOfTimeError(outOfTimeMessage(failures, endpoint));
    try {
      return await attempt();
    } catch (error) {
      if (deadline?.signal.aborted)
        throw new ModelOutOfTimeError(outOfTimeMessage(failures, endpoint), {
          cause: error,
        });
      const failure = options.classify(error);
      if (!failure) throw error;
      failures.push(failure);
      const retryable = isRetryable(failure);
      if (!retryable || failures.length > policy.maxRetries)
        throw new ModelError(failureMessage(failures, endpoint), {
          cause: error,
        });
      const retryAfter =
        failure.kind === "status" ? failure.retryAfterMs : undefined;
      if (retryAfter !== undefined && retryAfter > policy.maxRetryAfterMs) {
        throw new ModelError(
          failureMessage(failures, endpoint, policy.maxRetryAfterMs),
          { cause: error },
        );
      }
      const backoff = Math.min(
        policy.maxDelayMs,
        policy.baseDelayMs * 2 ** (failures.length - 1),
      );
      const waitMs = retryAfter ?? Math.round(backoff * (1 - 0.25 * random()));
      if (deadline && waitMs >= deadline.remainingMs())
        throw new ModelOutOfTimeError(
          `${failureMessage(failures, endpoint)} askcode did not retry: the wait (${waitMs} ms) would end past the run's time budget.`,
          { cause: error },
        );
      options.log?.warn(
        {
          endpoint: endpoint.url,
          failure: failure.kind === "status" ? failure.status : failure.kind,
          attempt: failures.length,
          waitMs,
        },
        "The model endpoint failed; retrying",
      );
      await clock.sleep(waitMs);
    }
  }
}

function outOfTimeMessage(
  failures: readonly EndpointFailure[],
  endpoint: { url: string },
): string {
  const before =
    failures.length > 0
      ? ` after failing ${times(failures.length)} before (see the log)`
      : "";
  return `The model endpoint at ${endpoint.url} did not answer within the run's time budget${before}; the request in flight was cancelled.`;
}

function isRetryable(failure: EndpointFailure): boolean {
  switch (failure.kind) {
    case "timeout":
    case "connection":
      return true;
    case "aborted":
      return false;
    case "status":
      return (
        failure.status === 408 ||
        failure.status === 409 ||
        failure.status === 429 ||
        failure.status >= 500
      );
  }
}
