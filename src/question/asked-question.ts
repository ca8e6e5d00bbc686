import type { IssueThread } from "./issue-thread.js";
import type { AskedRef } from "./find-asked-ref.js";
import type { QuestionJob } from "./question-job.js";

/**
 * What the run answers: the question without the words that named a ref
 * ("on v2.1 where is X?" asks "where is X?"); for a mission, or when nothing
 * is left ("@askcode on v2.1"), the issue itself: its title and body.
 *
 * @example
 * askedQuestion({ kind: "question", question: "on v2.1 where is X?" }, findAskedRef(…), issue) // "where is X?"
 */
export function askedQuestion(
  task: QuestionJob["task"],
  asked: AskedRef | undefined,
  issue: Pick<IssueThread, "title" | "body">,
): string {
  const words =
    task.kind !== "question" ? "" : asked ? asked.question : task.question;
  return words || [issue.title, issue.body ?? ""].join("\n\n").trim();
}
