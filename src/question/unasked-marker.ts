/**
 * The hidden line that opens an answer nobody asked for: `/dismiss` finds
 * askcode's unasked answers in a thread by it, and a later `/deeper` takes
 * the issue itself as the question they answered. GitHub renders nothing
 * of it.
 */
export const UNASKED_MARKER = "<!-- askcode:unasked -->";

/**
 * Whether a comment's body is one of askcode's unasked answers (the
 * Action's reply marker may stand before the line).
 *
 * @example
 * isUnaskedAnswer(`${UNASKED_MARKER}\n_Nobody asked me, but …_`) // true
 */
export function isUnaskedAnswer(body: string): boolean {
  return body.includes(UNASKED_MARKER);
}
