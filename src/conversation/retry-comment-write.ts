import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";

/** How a comment write is retried (bounded: the job waits on it). */
export interface CommentWritePolicy {
  /** The wait before each retry, in order; its length is the number of retries. */
  retryDelaysMs: readonly number[];
}

/** Three retries, 1 s, 2 s and 4 s apart: seven seconds at most, well inside a shutdown's grace period. */
export const DEFAULT_COMMENT_WRITE_POLICY: CommentWritePolicy = {
  retryDelaysMs: [1_000, 2_000, 4_000],
};

/**
 * Calls `write` until it succeeds, retrying what a wait can cure (no HTTP
 * status: the connection failed; 429; 5xx) after each of the policy's
 * delays, through the injected clock. `stillWanted` is asked before each
 * retry: a write nobody wants any more (the run was interrupted) stops.
 * With a `deadline` (the run's wall time), a retry whose wait would end
 * past it is not made: the last error is thrown, so the caller's fallback
 * still lands within the run's time.
 * Resolves whether the write landed (false: it was no longer wanted).
 * Throws the last error when retries run out or the failure is one a wait
 * cannot cure (a 404: the comment was deleted; a 403; a 422).
 *
 * @example
 * await retryCommentWrite(() => comments.update(id, body), { clock, policy: DEFAULT_COMMENT_WRITE_POLICY, stillWanted: () => true });
 */
export async function retryCommentWrite(
  write: () => Promise<void>,
  options: {
    clock: Clock;
    policy: CommentWritePolicy;
    stillWanted(): boolean;
    deadline?: Pick<Deadline, "remainingMs">;
    log?: { warn(meta: object, message: string): void };
  },
): Promise<boolean> {
  const delays = options.policy.retryDelaysMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await write();
      return true;
    } catch (error) {
      const waitMs = delays[attempt];
      if (waitMs === undefined || !curable(error)) throw error;
      if (options.deadline && options.deadline.remainingMs() <= waitMs)
        throw error;
      options.log?.warn(
        { err: error, attempt: attempt + 1, waitMs },
        "askcode could not write its comment; retrying",
      );
      await options.clock.sleep(waitMs);
      if (!options.stillWanted()) return false;
    }
  }
}

function curable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return true;
  return status === 429 || status >= 500;
}
