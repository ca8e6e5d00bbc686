import type { AskcodeReaction } from "../conversation/acknowledge-question.js";
import type { QuestionJob } from "../question/question-job.js";

export interface DismissUnaskedDeps {
  /** askcode's unasked answers still shown in the job's thread, by node id (`findUnaskedAnswers`). */
  findUnasked(job: QuestionJob): Promise<string[]>;
  /** Hides one as off-topic (`minimizeOffTopic`). */
  minimize(job: QuestionJob, nodeId: string): Promise<void>;
  /** Reacts to the `/dismiss` (`acknowledgeQuestion`). */
  react(job: QuestionJob, content: AskcodeReaction): Promise<void>;
  /** Replies in the thread (the refusal). */
  reply(job: QuestionJob, body: string): Promise<unknown>;
  log: { info(meta: object, message: string): void };
}

/** What anyone but the author and the repository's people is told. */
export const DISMISS_REFUSAL =
  "Only the issue's author or the repository's owners, members and collaborators can dismiss askcode's answer.";

/**
 * `/dismiss`: askcode's unasked answers in the thread are minimised as
 * off-topic (reversible, and the record stays, for a maintainer who wants
 * it back), and the `/dismiss` gets a 👍, not a comment: hiding noise with
 * more noise would defeat it. With nothing to hide it gets a 😕. Anyone
 * but the author and the repository's people
 * (`decideDismiss`) gets the one-line refusal instead.
 *
 * @example
 * await dismissUnasked(job, deps); // job.task: { kind: "dismiss", allowed: true }
 */
export async function dismissUnasked(
  job: QuestionJob,
  deps: DismissUnaskedDeps,
): Promise<void> {
  if (job.task.kind !== "dismiss") return;
  const meta = { deliveryId: job.deliveryId, by: job.requestedBy };
  if (!job.task.allowed) {
    deps.log.info(meta, "askcode refuses a /dismiss from someone who may not");
    await deps.reply(job, DISMISS_REFUSAL);
    return;
  }
  const answers = await deps.findUnasked(job);
  for (const nodeId of answers) await deps.minimize(job, nodeId);
  deps.log.info(
    { ...meta, dismissed: answers.length },
    "askcode hid its unasked answers as off-topic",
  );
  await deps.react(job, answers.length > 0 ? "+1" : "confused");
}
