import { codeSpan } from "./render-footer.js";

/**
 * The note an answer opens with when the repository became unreadable
 * partway through the run: what GitHub answered, at which commit, and that
 * the answer rests on what was read before.
 *
 * @example
 * renderUnreadableNote({ status: 404 }, "9fceb02d0ae598e95dc970b74767f19372d61af8")
 * // "The repository could not be read at `9fceb02` partway through: GitHub answered 404 (Not Found); this answer uses what was read before."
 */
export function renderUnreadableNote(
  fault: { status: 403 | 404 },
  sha: string,
): string {
  const answered = fault.status === 404 ? "404 (Not Found)" : "403 (Forbidden)";
  return `The repository could not be read at ${codeSpan(sha.slice(0, 7))} partway through: GitHub answered ${answered}; this answer uses what was read before.`;
}
