import { renderFailureComment } from "../answer/render-failure-comment.js";
import { renderInterruptedComment } from "../answer/render-interrupted-comment.js";
import type { JobEnd } from "../jobs/job-queue.js";
import type { QuestionJob } from "../question/question-job.js";
import { questionTooLong } from "../question/question-too-long.js";
import { answerNotes } from "./answer-notes.js";
import { chooseModel } from "./choose-model.js";
import { deliverReply } from "./deliver-reply.js";
import { failedReply } from "./failed-reply.js";
import { keepAnswer } from "./keep-answer.js";
import { planReply } from "./plan-reply.js";
import type { QuestionOutcome } from "./question-outcome.js";
import { readKeptTree } from "./read-kept-tree.js";
import { readThread } from "./read-thread.js";
import { resolveCommit } from "./resolve-commit.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunReply, StartedRun } from "./run-state.js";
import { runSteps } from "./run-steps.js";
import { settleRun } from "./settle-run.js";
import { showProgress } from "./show-progress.js";
import { writeAnswer } from "./write-answer.js";

/**
 * One accepted question, end to end. It posts one comment at once and edits
 * it as the work goes (`progress: checklist`, the default; the quieter modes
 * post nothing before the reply, `showProgress`); the last edit is the answer, or a comment that says
 * why there is none, or (when a shutdown cut the run short) the interrupted
 * notice. Nothing it meets escapes it without that last edit being tried, so
 * every accepted question gets exactly one reply, with one exception: while
 * the queue has attempts left, a failure that may pass (GitHub's 5xx, the
 * model unreachable) is thrown for the queue to retry, and the retry edits
 * the same comment (its id is kept in the job).
 *
 * The run in between is a list of steps over one state (`RunState`), each
 * going on with what it adds or replying in the run's place: the settings
 * and deadline, the thread, the plan (a command's reply, or the question),
 * the model, the commit, the answer, the notes above it, the tree to keep.
 */
export async function runQuestion(
  job: QuestionJob,
  deps: RunQuestionDeps,
): Promise<QuestionOutcome> {
  const clients = await deps.clientsFor(job);
  const handle = job.config.handle ?? deps.operator.handle;
  // Every write goes through the in-flight registry: a shutdown that cuts
  // this run short edits the comment into the interrupted notice.
  const attempt = deps.attempt;
  const comment = deps.inFlight.start(
    clients.conversation,
    renderInterruptedComment(job.task, handle),
    attempt && {
      commentId: attempt.commentId,
      remember: (id) => attempt.rememberComment(id),
    },
  );
  try {
    // A question over the length limit is told so before anything is read.
    const tooLong = questionTooLong(job.task, job.config.limits);
    if (tooLong) {
      await comment.deliver(await renderFailureComment(tooLong, { handle }));
      return { kind: "failed", reason: tooLong.kind };
    }
    const startedAt = deps.clock.now();
    const progress = await showProgress(
      job.config.progress,
      comment,
      deps.clock,
    );
    // Each step writes what it adds here, so a failure's reply and the
    // cleanup below see what the run got to.
    const run: StartedRun = {
      job,
      clients,
      handle,
      comment,
      progress,
      startedAt,
    };
    let reply: RunReply;
    try {
      reply = await runSteps(run, deps)
        .step(settleRun)
        .step(readThread)
        .step(planReply)
        .step(chooseModel)
        .step(resolveCommit)
        .step(writeAnswer)
        .step(answerNotes)
        .step(readKeptTree)
        .end((answered) => ({
          body: answered.notes + answered.answer.body,
          outcome: { kind: "answered" },
        }));
    } catch (error) {
      reply = await failedReply(error, run, deps);
    } finally {
      // The reply replaces the whole comment: a progress edit not yet sent
      // is dropped, and one under way must land before it, not after.
      await progress.close();
      // A run that never reached the model gives its hold back (a retry holds anew).
      await run.spend?.settle(0);
    }
    // The job is not done until the reply landed (the edit retried, else a
    // new comment); if neither could, it is tried once more when the run's
    // time is up (deliverReply), then this throws and the job fails, logged.
    // Its retries end by the run's wall time, so a reply ready near the
    // end still lands (edited, else as a new comment) within it.
    const commentId = await deliverReply(comment, reply.body, run.deadline, {
      clock: deps.clock,
      log: deps.log,
      metrics: deps.replies,
    });
    // The commit read: a source that reads more history does it now, in the background.
    if (run.commit) deps.coChange?.answered?.(job, run.commit.at.sha);
    if (run.kept && deps.answers && commentId !== undefined)
      await keepAnswer(
        { job, commentId, body: reply.body, ...run.kept },
        { records: deps.answers, clock: deps.clock, log: deps.log },
      );
    return reply.outcome;
  } finally {
    comment.finish();
  }
}

/**
 * The reply to a question that will never run: the app stopped before its
 * turn came and nothing will take it up, or it was given up on after its
 * process died with it each time. Whoever asked (and saw the 👀 reaction)
 * is not left waiting: the comment an attempt left is edited into the
 * notice (a new one is posted if there is none, or it was deleted).
 */
export async function replyInterrupted(
  job: QuestionJob,
  deps: Pick<RunQuestionDeps, "clientsFor" | "operator">,
  ended: JobEnd = { reason: "stopped" },
): Promise<void> {
  const { conversation } = await deps.clientsFor(job);
  const body = renderInterruptedComment(
    job.task,
    job.config.handle ?? deps.operator.handle,
    ended.reason,
  );
  if (ended.commentId !== undefined) {
    try {
      await conversation.update(ended.commentId, body);
      return;
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== 404) throw error;
    }
  }
  await conversation.create(body);
}
