/**
 * Thrown by a run whose failure may pass while the job has attempts left:
 * the queue tries it again after its backoff, and the run's comment stays
 * as it is until then (the last attempt leaves the failure comment).
 */
export class RetryLaterError extends Error {
  constructor(cause: unknown) {
    super("askcode's run failed in a way that may pass; the queue retries it", {
      cause,
    });
    this.name = "RetryLaterError";
  }
}
