import type { ReplyMetrics } from "../metrics/reply-metrics.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { RunComment } from "../conversation/in-flight-runs.js";

export interface DeliverReplyDeps {
  clock: Pick<Clock, "now" | "sleep">;
  log: {
    warn(meta: object, message: string): void;
    error(meta: object, message: string): void;
  };
  metrics?: ReplyMetrics;
}

/**
 * Delivers a run's reply (`comment.deliver`: the edit, retried, else a new
 * comment) within the run's wall time. When GitHub takes neither, the
 * asker still sees the placeholder: that is logged and counted at once,
 * and the reply is tried once more when the run's time is up (a refusal
 * that lasted the run may not last past it; retrying sooner would only
 * meet it again), then given up on, logged and counted. Resolves the
 * reply's comment id; throws the last failure.
 *
 * @example
 * const commentId = await deliverReply(comment, body, deadline, { clock, log, metrics });
 */
export async function deliverReply(
  comment: Pick<RunComment, "deliver">,
  body: string,
  deadline: Pick<Deadline, "at" | "remainingMs"> | undefined,
  deps: DeliverReplyDeps,
): Promise<number | undefined> {
  try {
    return await comment.deliver(body, deadline);
  } catch (error) {
    const retryAt = deadline?.at ?? deps.clock.now();
    deps.metrics?.undelivered("retrying");
    deps.log.warn(
      { err: error, retryAt: new Date(retryAt).toISOString() },
      "askcode's reply could not be posted: GitHub refused the edit and a new comment, so the asker still sees the placeholder; askcode tries once more when the run's time is up",
    );
    await deps.clock.sleep(Math.max(0, retryAt - deps.clock.now()));
    try {
      return await comment.deliver(body);
    } catch (again) {
      deps.metrics?.undelivered("gave-up");
      deps.log.error(
        { err: again },
        "askcode's reply could not be posted after the run's time either; the placeholder stays",
      );
      throw again;
    }
  }
}
