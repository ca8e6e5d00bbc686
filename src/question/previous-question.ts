import { isUnaskedAnswer } from "./unasked-marker.js";
import type { IssueThread } from "./issue-thread.js";
import type { QuestionJob } from "./question-job.js";
import { AskcodeError } from "../shared/errors.js";
import { joinTitleAndBody } from "./decide-mention.js";
import { findMention } from "./find-mention.js";
import { isAcknowledgement } from "./is-acknowledgement.js";
import { isRetryRequest } from "./is-retry-request.js";
import { parseCommand } from "./commands.js";

/** "@askcode retry" in a thread where nothing was asked of askcode before. */
export class NothingToRetryError extends AskcodeError {
  constructor() {
    super("There is no earlier question to askcode in this thread to retry.");
  }
}

/**
 * The question a "@askcode retry" runs again: the latest earlier comment
 * that mentioned `handle` and asked something (a comment whose mention
 * stands alone asked the issue itself), else the issue when its title or
 * body mentioned `handle` or askcode answered the issue unasked
 * (`isUnaskedAnswer`); `undefined` when nothing in the thread asked.
 * Bots never ask askcode (it answers none), mentions that only thanked it
 * asked nothing, and an earlier "retry" or command alone ("/deeper") re-ran
 * a question further back, so none of them is the previous question; a
 * command with a question ("/sources where …") asked that question.
 *
 * It is decided in the worker, not with the trigger: the earlier comments
 * are in the issue thread, which only the worker reads.
 *
 * @example
 * previousQuestion({ title: "Upload fails", body: "", comments: [
 *   { author: "alice", body: "@askcode where is the timeout set?" },
 *   { author: "bob", body: "@askcode retry" } ] }, "askcode")
 * // "where is the timeout set?"
 */
export function previousQuestion(
  thread: Pick<IssueThread, "title" | "body" | "comments">,
  handle: string,
): string | undefined {
  const issueAsks = () => {
    const inTitle = findMention(thread.title, handle);
    const inBody = findMention(thread.body ?? "", handle);
    return joinTitleAndBody(
      inTitle?.question ?? thread.title,
      inBody?.question ?? thread.body ?? "",
    );
  };
  for (const comment of [...thread.comments].reverse()) {
    if (comment.author.toLowerCase().endsWith("[bot]")) continue;
    const found = findMention(comment.body, handle);
    if (!found) continue;
    const { question } = found;
    if (isAcknowledgement(question) || isRetryRequest(question)) continue;
    // "/sources where …" asked "where …"; a command alone ("/deeper",
    // "/help") asked nothing new.
    const command = parseCommand(question);
    if (command?.kind === "command") {
      if (command.question === "") continue;
      return command.question;
    }
    return question === "" ? issueAsks() || undefined : question;
  }
  const asked =
    findMention(thread.title, handle) ?? findMention(thread.body ?? "", handle);
  // An answer askcode gave unasked answered the issue itself.
  const answeredUnasked = thread.comments.some(
    (comment) => comment.askcodeAnswer && isUnaskedAnswer(comment.body),
  );
  return asked || answeredUnasked ? issueAsks() || undefined : undefined;
}

/**
 * The task a run answers: the job's own, or for "@askcode retry" the
 * thread's previous question (`previousQuestion`), which may name its own
 * branch or tag. Throws `NothingToRetryError` when there is none, so the
 * asker is told why rather than left without a reply.
 *
 * @example
 * retriedTask({ kind: "question", question: "retry" }, thread, "askcode")
 * // { kind: "question", question: "where is the timeout set?" }
 */
export function retriedTask(
  task: QuestionJob["task"],
  thread: Pick<IssueThread, "title" | "body" | "comments">,
  handle: string,
): QuestionJob["task"] {
  if (task.kind !== "question" || !isRetryRequest(task.question)) return task;
  const question = previousQuestion(thread, handle);
  if (question === undefined) throw new NothingToRetryError();
  return { kind: "question", question };
}
