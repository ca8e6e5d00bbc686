import { GITHUB_COMMENT_LIMIT } from "./fit-comment.js";
import { CONTEXT_DETAILS_OPENING } from "./render-context-details.js";
import { isAnswerComment } from "./render-footer.js";

/**
 * An answer comment with a note added at the end of the answer: before its
 * collapsed "Context used" section, else before the footer, which stays the
 * last line (`isAnswerComment` still knows the comment). `undefined` when
 * the body is not an answer (someone rewrote it) or already holds `marker`.
 * When the note would push the comment over GitHub's limit, the details
 * section gives way, as it does when an answer is fitted.
 *
 * @example
 * appendAnswerNote("It retries twice.\n\n<sub>askcode · … · read at [9fceb02](…)</sub>", "> [!NOTE]\n> …\n<!-- m -->", "<!-- m -->")
 * // "It retries twice.\n\n> [!NOTE]\n> …\n<!-- m -->\n\n<sub>askcode · … · read at [9fceb02](…)</sub>"
 */
export function appendAnswerNote(
  body: string,
  note: string,
  marker: string,
  limit = GITHUB_COMMENT_LIMIT,
): string | undefined {
  if (!isAnswerComment(body) || body.includes(marker)) return undefined;
  const text = body.trimEnd();
  const details = text.lastIndexOf(CONTEXT_DETAILS_OPENING);
  const footerAt = text.lastIndexOf("\n") + 1;
  const at = details >= 0 ? details : footerAt;
  const noted = `${text.slice(0, at).trimEnd()}\n\n${note}\n\n${text.slice(at)}`;
  if (noted.length <= limit) return noted;
  // The details give way; a folded footer, inside them, comes out with them.
  if (details < 0) return undefined;
  const footer = folded(text) ? text.split("\n").at(-2)! : text.slice(footerAt);
  const short = `${text.slice(0, details).trimEnd()}\n\n${note}\n\n${footer}`;
  return short.length <= limit ? short : undefined;
}

function folded(text: string): boolean {
  return text.split("\n").at(-1)?.trim() === "</details>";
}
