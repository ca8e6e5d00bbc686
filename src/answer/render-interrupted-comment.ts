/** What the comment reads of the job's task (`QuestionJob["task"]`). */
type InterruptedTask =
  | { kind: "question"; question: string }
  | { kind: "mission"; mission: string; label: string }
  | { kind: "dismiss" };

// The opening of every notice for a run stopped before its reply, in the
// App's wording before the Action came too: earlier notices are still found.
const STOPPED_OPENING = "askcode was stopped";
// Both roots write it: the App when its server restarts or shuts down, the
// Action when its workflow run is cancelled.
const STOPPED = `${STOPPED_OPENING} (its server restarted or shut down, or its workflow run was cancelled) before it could answer this question.`;

/**
 * Whether a comment's body is the notice of a run stopped before its reply
 * (`renderInterruptedComment`, reason `stopped`); not one askcode gave up on.
 *
 * @example
 * isInterruptedComment(renderInterruptedComment({ kind: "question", question: "…" }, "askcode")) // true
 */
export function isInterruptedComment(body: string): boolean {
  return body.startsWith(STOPPED_OPENING);
}

/**
 * The comment for a question askcode stopped working on because the app was
 * shutting down (a deploy, a restart) and nothing will take it up, or that
 * it gave up on after dying with it each time it tried: it replaces the
 * progress message the run left, or is posted for a question still waiting
 * in the queue, so no question is left at "Searching the code…" or without
 * a reply. It says how to ask again with today's triggers: a new mention, or
 * the label removed and added again.
 *
 * @example
 * renderInterruptedComment({ kind: "question", question: "…" }, "askcode")
 * // "askcode was stopped (its server restarted or shut down, or its workflow run was cancelled) before …"
 */
export function renderInterruptedComment(
  task: InterruptedTask,
  handle: string | undefined,
  reason: "stopped" | "gave-up" = "stopped",
): string {
  // A code span: a handle in plain text would notify any user of that name.
  const again =
    task.kind !== "mission"
      ? `To ask again, post the question in a new comment that mentions \`@${handle ?? "askcode"}\`.`
      : `To run it again, remove the \`${task.label.replace(/`/g, "'")}\` label and add it again.`;
  return [
    reason === "stopped"
      ? STOPPED
      : "askcode stopped each time it worked on this question (the app was killed or crashed while answering it), so it gave up on it.",
    "",
    `Nothing was lost on your side. ${again}`,
    "",
    "<sub>askcode</sub>",
  ].join("\n");
}
