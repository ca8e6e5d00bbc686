import { GitHubError, ModelError, RateLimitError } from "../shared/errors.js";
import { classifyFailure } from "./classify-failure.js";

/**
 * Whether a run's failure may pass if the job is tried again later: GitHub
 * answering 5xx or rate-limiting, the model endpoint unreachable or
 * rate-limited. A failure that would only repeat is not retried: the model
 * rejecting the key or the model name, a missing ref, a bug.
 *
 * @example
 * mayPassOnRetry(new GitHubError("…", 502)) // true
 * mayPassOnRetry(new RefNotFoundError("v9")) // false
 */
export function mayPassOnRetry(error: unknown): boolean {
  if (error instanceof ModelError) {
    const kind = classifyFailure(error).kind;
    return kind === "model-unavailable" || kind === "model-rate-limited";
  }
  if (error instanceof RateLimitError) return true;
  if (error instanceof GitHubError) return error.status >= 500;
  // Octokit's RequestError, from a request askcode does not wrap (the thread's).
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && (status >= 500 || status === 429);
}
