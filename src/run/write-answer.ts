import { renderSpentNote } from "../limits/render-spent-note.js";
import { askedQuestion } from "../question/asked-question.js";
import { answerQuestion } from "./answer-question.js";
import { answerServices } from "./answer-services.js";
import { outsiderNote } from "../answer/outsider-note.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState, StepResult } from "./run-state.js";

/**
 * The answer step of a run: `answerQuestion` at the resolved commit, in the
 * form the plan chose, with the model the run was given (none: retrieval
 * alone, saying why when a budget was spent or the asker is outside the
 * repository). GitHub failing every read of it is the run's failure, not
 * an answer from nothing.
 *
 * @example
 * const { next } = await writeAnswer(run, deps); // next.answer.body: "…"
 */
export async function writeAnswer(
  state: Pick<
    RunState,
    | "job"
    | "clients"
    | "thread"
    | "mentioned"
    | "mission"
    | "settings"
    | "deadline"
    | "task"
    | "form"
    | "showHistory"
    | "model"
    | "runSettings"
    | "spend"
    | "spent"
    | "commit"
    | "progress"
    | "startedAt"
  >,
  deps: RunQuestionDeps,
): Promise<StepResult<Pick<RunState, "answer">>> {
  const { job, form, task, spent, commit, thread } = state;
  const { pullRequest } = commit;
  // A review comment on a line: its hunk and the lines around it.
  const reviewComment = state.clients.conversation.reviewLine;
  const price = deps.operator.modelPrices?.[state.settings.model];
  const answer = await answerQuestion({
    repository: {
      at: commit.at,
      excludePaths: job.config.exclude_paths,
      maxRepositoryBytes: deps.operator.snapshotMaxBytes,
    },
    asked: {
      question: askedQuestion(task, commit.asked, thread),
      asker: job.requestedBy,
      issue: thread,
      ...(pullRequest ? { pullRequest } : {}),
      ...(reviewComment ? { reviewComment } : {}),
    },
    settings: {
      ...state.runSettings,
      mission: state.mission,
      allowedLinkHosts: deps.operator.allowedLinkHosts,
      ownSecrets: deps.operator.ownSecrets,
      ...(form === "sources" && { placesOnly: true }),
      ...(state.showHistory && { showHistory: true }),
      ...(job.config.footer === "folded" && { foldFooter: true }),
      ...(price && { modelPrice: price }),
      ...(spent?.notify && { retrievalNote: renderSpentNote(spent) }),
      ...(form === "outsider" && {
        retrievalNote: outsiderNote(task, state.mentioned),
      }),
    },
    services: answerServices(state, deps),
  });
  commit.watched.throwIfStopped();
  return { next: { answer } };
}
