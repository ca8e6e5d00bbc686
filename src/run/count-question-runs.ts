import type { QuestionJob } from "../question/question-job.js";
import { classifyFailure } from "./classify-failure.js";
import type { QuestionOutcome } from "./question-outcome.js";
import type { Clock } from "../shared/clock.js";
import type { QuestionMetrics } from "../metrics/question-metrics.js";

/**
 * A question's run (after its trigger was accepted), counting it: running while it runs, then answered
 * (with the time since the webhook was accepted) or failed by reason. A run
 * that throws (even its failure comment could not be posted) counts as failed
 * with the reason its error gives, and the error goes on to the queue. It
 * resolves the run's outcome, for a root that reports it (the Action).
 *
 * @example
 * const run = countQuestionRuns(metrics.questions, clock, (job) => runQuestion(job, deps));
 */
export function countQuestionRuns<Rest extends unknown[]>(
  metrics: Omit<QuestionMetrics, "queued">,
  clock: Pick<Clock, "now">,
  run: (job: QuestionJob, ...rest: Rest) => Promise<QuestionOutcome>,
): (job: QuestionJob, ...rest: Rest) => Promise<QuestionOutcome> {
  return async (job, ...rest) => {
    const repository = `${job.owner}/${job.repo}`;
    metrics.started();
    try {
      const outcome = await run(job, ...rest);
      if (outcome.kind === "answered")
        metrics.answered(
          repository,
          (clock.now() - Date.parse(job.receivedAt)) / 1000,
        );
      else metrics.failed(repository, outcome.reason);
      return outcome;
    } catch (error) {
      metrics.failed(repository, classifyFailure(error).kind);
      throw error;
    } finally {
      metrics.stopped();
    }
  };
}
