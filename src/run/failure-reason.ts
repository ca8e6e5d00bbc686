import type { FailureReason } from "../answer/render-failure-comment.js";
import {
  BudgetExceededError,
  GitHubError,
  ModelError,
  AskcodeError,
} from "../shared/errors.js";

/**
 * What the failure comment says for an error that ended a run. askcode's own
 * errors carry messages written for the asker; anything else is a bug, and
 * its message stays in the log, not in a public comment.
 */
export function failureReason(error: unknown): FailureReason {
  if (error instanceof ModelError) {
    return /\b429\b|rate/i.test(error.message)
      ? { kind: "model-rate-limited", detail: error.message }
      : { kind: "model-unavailable", detail: error.message };
  }
  if (error instanceof BudgetExceededError)
    return { kind: "budget-exhausted", detail: error.message };
  if (error instanceof GitHubError)
    return { kind: "github", detail: error.message };
  if (error instanceof AskcodeError)
    return { kind: "github", detail: error.message };
  return { kind: "internal" };
}
