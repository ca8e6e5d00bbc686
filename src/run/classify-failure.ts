import type { FailureReason } from "../question/failure-reason.js";
import { RetryLaterError } from "../shared/retry-later-error.js";
import { githubRefusal } from "./github-refusal.js";
import { NothingToRetryError } from "../question/previous-question.js";
import {
  GitHubError,
  ModelError,
  AskcodeError,
  RefNotFoundError,
} from "../shared/errors.js";

/**
 * What kind of failure ended a run, for the failure comment and the metrics.
 * Only the kind: error messages name hosts, URLs and upstream bodies (a model
 * server's, GitHub's), which go to the log, never to a public comment.
 */
export function classifyFailure(error: unknown): FailureReason {
  // A run handed back for a retry failed for its cause's reason.
  if (error instanceof RetryLaterError) return classifyFailure(error.cause);
  if (error instanceof ModelError) {
    const status = endpointStatus(error.message);
    if (status === 429) return { kind: "model-rate-limited" };
    if (status !== undefined && REJECTED.has(status))
      return { kind: "model-rejected" };
    return { kind: "model-unavailable" };
  }
  // GitHub's own answer, not askcode's fault: what it said and what to check.
  const refusal = githubRefusal(error);
  if (refusal) return { kind: "github-refused", ...refusal };
  if (error instanceof GitHubError || isOctokitRequestError(error))
    return { kind: "github" };
  // The asker's own words, named back to them: not an upstream message.
  if (error instanceof RefNotFoundError)
    return { kind: "ref-not-found", ref: error.ref };
  if (error instanceof NothingToRetryError) return { kind: "nothing-to-retry" };
  if (error instanceof AskcodeError) return { kind: "github" };
  return { kind: "internal" };
}

// Octokit's RequestError (it carries the request it answered), from a
// request askcode does not wrap (the thread's, the pull request's): GitHub's
// failure, not askcode's.
function isOctokitRequestError(error: unknown): boolean {
  const e = error as { status?: unknown; request?: unknown } | null;
  return typeof e?.status === "number" && typeof e.request === "object";
}

// Statuses a retry cannot cure: the key, the access or the model name is wrong.
const REJECTED = new Set([400, 401, 403, 404]);

/** The status in a `ModelError`'s message ("… answered 401 …", see `failureMessage`). */
function endpointStatus(message: string): number | undefined {
  const match = /\banswered (\d{3})\b/.exec(message);
  return match ? Number(match[1]) : undefined;
}
