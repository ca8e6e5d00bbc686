import type { FailureReason } from "./failure-reason.js";
import type { RepoConfig } from "../config/repo-config-schema.js";
import type { QuestionJob } from "./question-job.js";
import { visibleMarkdown } from "../text/visible-markdown.js";

/** The failure a question over the repository's length limit gets. */
export type QuestionTooLong = Extract<
  FailureReason,
  { kind: "question-too-long" }
>;

/**
 * Whether a question is longer than `limits.max_question_chars`, counted in
 * characters of what a reader of the issue sees (an issue template's HTML
 * comments do not count). Such a question is not cut and answered: an answer
 * to its first part would answer a question nobody asked, without saying
 * which part was read. The asker is told the limit instead, before any code
 * is read or the model asked. A mission reads the whole issue and has no
 * such limit: its thread is cut to the budget like any other.
 *
 * @example
 * questionTooLong({ kind: "question", question: "x".repeat(9_000) }, { max_question_chars: 8_000 })
 * // { kind: "question-too-long", chars: 9000, maxChars: 8000 }
 */
export function questionTooLong(
  task: QuestionJob["task"],
  limits: Pick<RepoConfig["limits"], "max_question_chars">,
): QuestionTooLong | undefined {
  if (task.kind !== "question") return undefined;
  // Code points, as a reader counts characters (an emoji is one).
  const chars = [...visibleMarkdown(task.question).trim()].length;
  return chars > limits.max_question_chars
    ? { kind: "question-too-long", chars, maxChars: limits.max_question_chars }
    : undefined;
}
