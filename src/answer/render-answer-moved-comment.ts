/**
 * What the progress comment says when its last edit could not be made and
 * the reply went out as a new comment instead: where the reply is, so no
 * one reads "Searching the code…" as work still going on. The link is the
 * new comment's anchor on the same issue page.
 *
 * @example
 * renderAnswerMovedComment(1_234)
 * // "askcode could not update this comment, so its reply is in [a newer comment](#issuecomment-1234)."
 */
export function renderAnswerMovedComment(commentId: number): string {
  return [
    `askcode could not update this comment, so its reply is in [a newer comment](#issuecomment-${commentId}).`,
    "",
    "<sub>askcode</sub>",
  ].join("\n");
}
