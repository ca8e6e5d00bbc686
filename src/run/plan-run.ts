import type { IssueThread } from "../question/issue-thread.js";
import { isMemberAssociation } from "../config/config-fields.js";
import {
  COMMANDS,
  parseCommand,
  type CommandName,
} from "../question/commands.js";
import {
  NothingToRetryError,
  previousQuestion,
  retriedTask,
} from "../question/previous-question.js";
import type { QuestionJob } from "../question/question-job.js";

/**
 * How a run answers: with the model (`deeper`: with more of it), from
 * retrieval alone (`no-model`, and `outsider` when the repository answers
 * people outside it so, `outsiders: retrieval`), or with the places only.
 */
export type AnswerForm =
  "model" | "deeper" | "no-model" | "sources" | "outsider";

/** What a run does, once its question was read for a command (`planRun`). */
export type RunPlan =
  | {
      kind: "answer";
      task: QuestionJob["task"];
      form: AnswerForm;
      /** `/why`: the answer ends with the history of the lines it cites. */
      showHistory?: true;
    }
  | { kind: "help" }
  | { kind: "unknown-command"; name: string; suggestion?: CommandName }
  | { kind: "members-only"; name: CommandName };

/**
 * What the run does for its job: a mission or a plain question is answered
 * with the model (from retrieval alone when whoever asked, or applied the
 * mission's label, is outside the repository and its `outsiders` is
 * `retrieval`) (a plain "retry" asks the previous question again, as
 * `retriedTask` says); a question that starts with a command (`/sources`,
 * `/deeper`, …, see `COMMANDS`) is answered in that command's form, and a
 * command with no question takes the thread's previous one. `/help`, an
 * unknown command and a members-only command from someone else get a
 * reply instead of an answer. Throws `NothingToRetryError` when a command
 * needs a previous question and the thread has none.
 *
 * @example
 * planRun({ task: { kind: "question", question: "/deeper" }, askerAssociation: "MEMBER", config }, thread, "askcode")
 * // { kind: "answer", task: { kind: "question", question: "where is the timeout set?" }, form: "deeper" }
 */
export function planRun(
  job: Pick<QuestionJob, "task" | "askerAssociation" | "config" | "unasked">,
  thread: Pick<IssueThread, "title" | "body" | "comments">,
  handle: string,
): RunPlan {
  const { task } = job;
  // Nobody asked: an issue titled "/help" or "retry" is a new issue, not a command.
  if (job.unasked) return { kind: "answer", task, form: modelFormFor(job) };
  const parsed =
    task.kind === "question" ? parseCommand(task.question) : undefined;
  if (!parsed)
    return {
      kind: "answer",
      task: retriedTask(task, thread, handle),
      form: modelFormFor(job),
    };
  if (parsed.kind === "unknown")
    return {
      kind: "unknown-command",
      name: parsed.name,
      ...(parsed.suggestion && { suggestion: parsed.suggestion }),
    };
  const command = COMMANDS.find((c) => c.name === parsed.name);
  if (command?.membersOnly && !isMemberAssociation(job.askerAssociation))
    return { kind: "members-only", name: parsed.name };
  // `decideTrigger` takes `/dismiss` before any run (`decideDismiss`); one
  // that reaches a run all the same gets the commands' page.
  if (parsed.name === "help" || parsed.name === "dismiss")
    return { kind: "help" };
  const question = parsed.question || previousQuestion(thread, handle);
  if (question === undefined) throw new NothingToRetryError();
  return {
    kind: "answer",
    task: { kind: "question", question },
    // `/why` is a question's answer, the history shown whichever form
    // (the model's, or retrieval's for someone the repository answers so).
    ...(parsed.name === "why"
      ? { form: modelFormFor(job), showHistory: true }
      : {
          form: parsed.name === "retry" ? modelFormFor(job) : parsed.name,
        }),
  };
}

// The model's answer, unless the repository answers people outside it from
// retrieval alone. A mission too: its label may be an outsider's issue
// template's, and then the outsider's text would reach the model as surely
// as through a mention; a member's label runs it with the model.
function modelFormFor(
  job: Pick<QuestionJob, "askerAssociation" | "config">,
): AnswerForm {
  return job.config.outsiders === "retrieval" &&
    !isMemberAssociation(job.askerAssociation)
    ? "outsider"
    : "model";
}
