import type { QuestionJob } from "../question/question-job.js";
import type { TriggerJob } from "../question/trigger-job.js";
import { acceptTrigger, type AcceptTriggerDeps } from "./accept-trigger.js";
import { checkLimits, type CheckLimitsDeps } from "../limits/check-limits.js";
import { CommentRefusedError } from "../conversation/comment-refused-error.js";

export interface RunTriggerDeps extends AcceptTriggerDeps {
  /** Adds the 👀 reaction to what asked. */
  acknowledge(job: QuestionJob): Promise<void>;
  /** Answers the question (`runQuestion`). */
  run(job: QuestionJob): Promise<unknown>;
  /** The hourly question limits (none: every question is answered). */
  limits?: Omit<CheckLimitsDeps, "log">;
  /**
   * The confidence gate a question nobody asked must pass (`gateUnasked`):
   * the job to answer, with its score, or undefined for silence. None: an
   * unasked question is never answered.
   */
  gate?(job: QuestionJob): Promise<QuestionJob | undefined>;
  /** Carries out a `/dismiss` (`dismissUnasked`); none: a `/dismiss` does nothing. */
  dismiss?(job: QuestionJob): Promise<void>;
}

/**
 * The queue's runner: decide with the repository's config (`acceptTrigger`),
 * for a question nobody asked pass the confidence gate first (`gate`: until
 * it passes nothing is visible, and over a limit it stays silent, with no
 * notice), count the question against the hourly limits (`checkLimits`), then react
 * 👀 (unless the repository chose `progress: none`) and answer. The reaction goes out first, paced with every
 * other write by the installation's Octokit; failing to add it costs only
 * the reaction, never the answer. Where GitHub refuses askcode's comment
 * (a locked discussion, a category the app may not post in), nothing can
 * reach the asker: the run ends there, logged with GitHub's reason and
 * counted, and the job is done (a retry would be refused the same way).
 *
 * @example
 * createInProcessQueue({ run: (job) => runTrigger(job, deps), … });
 */
export async function runTrigger(
  trigger: TriggerJob,
  deps: RunTriggerDeps,
): Promise<void> {
  const accepted = await acceptTrigger(trigger, deps);
  // `/dismiss` answers no question: no limit, no 👀, no run.
  if (accepted?.task.kind === "dismiss") {
    await deps.dismiss?.(accepted);
    return;
  }
  const gated = accepted?.unasked ? await deps.gate?.(accepted) : accepted;
  const job =
    gated && deps.limits
      ? await checkLimits(gated, {
          ...deps.limits,
          log: deps.log,
          // Nobody asked: nobody is told a limit was reached.
          ...(gated.unasked && { comment: async () => undefined }),
        })
      : gated;
  if (!job) return;
  // `progress: none` shows nothing until the answer, not even the 👀.
  if (job.config.progress !== "none")
    await deps
      .acknowledge(job)
      .catch((error: unknown) =>
        deps.log.warn(
          { err: error, deliveryId: job.deliveryId },
          "askcode could not add its 👀 reaction",
        ),
      );
  await deps.run(job).catch((error: unknown) => {
    if (!(error instanceof CommentRefusedError)) throw error;
    deps.metrics?.ignored("comment-refused");
    deps.log.warn(
      { err: error, reason: error.reason, deliveryId: job.deliveryId },
      `askcode could not reply where it was asked: ${error.message}`,
    );
  });
}

/**
 * The queue's `cancel` for a job that will never run (the app is stopping):
 * once the config says it is a question, the interrupted reply, so whoever
 * asked is not left waiting; a delivery the config turns away gets nothing,
 * as it would have.
 */
export async function cancelTrigger(
  trigger: TriggerJob,
  deps: AcceptTriggerDeps & { reply(job: QuestionJob): Promise<void> },
): Promise<void> {
  const job = await acceptTrigger(trigger, deps);
  // Nobody waits on a question nobody asked, nor on a `/dismiss` (no 👀 promised it a reply).
  if (job && !job.unasked && job.task.kind !== "dismiss") await deps.reply(job);
}
