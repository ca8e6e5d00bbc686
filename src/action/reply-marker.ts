import { GITHUB_COMMENT_LIMIT } from "../answer/fit-comment.js";

/**
 * The hidden line that says which trigger an Action's reply answers:
 * `<!-- askcode:reply-to comment:1362343011 -->`. The Action keeps nothing
 * between runs, so a re-run of the same workflow run finds its earlier
 * reply by this line in the thread (`findEarlierReply`), as the App finds
 * a redelivery in its store. It opens the reply (the answer's last line is
 * its footer, which is how any reader tells an answer, `isAnswerComment`),
 * and GitHub renders nothing of it.
 *
 * @example
 * replyMarker("comment:1362343011") // "<!-- askcode:reply-to comment:1362343011 -->"
 */
export function replyMarker(triggerId: string): string {
  // `--` may not appear inside an HTML comment; a mission's name could carry it.
  return `${MARKER_OPENING}${triggerId.replaceAll("--", "-%2D")} -->`;
}

const MARKER_OPENING = "<!-- askcode:reply-to ";

/**
 * Whether a comment is one of the Action's replies (its body opens with a
 * reply marker): on the workflow's token every workflow comments as
 * `github-actions[bot]`, and this is how askcode tells its own apart.
 *
 * @example
 * isMarkedReply("<!-- askcode:reply-to comment:1 -->\nIt retries twice.") // true
 * isMarkedReply("Coverage: 91 %") // false
 */
export function isMarkedReply(body: string): boolean {
  return body.startsWith(MARKER_OPENING);
}

/**
 * A reply's body with the marker of the trigger it answers at its head,
 * once (a reply edited again keeps one). A body already at GitHub's length
 * limit (the answer is fitted to it) goes unmarked: GitHub would refuse it
 * whole, and an unmarked reply costs only a second one on a re-run.
 *
 * @example
 * withReplyMarker("It retries twice.", "comment:1") // "<!-- askcode:reply-to comment:1 -->\nIt retries twice."
 */
export function withReplyMarker(body: string, triggerId: string): string {
  const marker = replyMarker(triggerId);
  if (body.startsWith(marker)) return body;
  const marked = `${marker}\n${body}`;
  return marked.length > GITHUB_COMMENT_LIMIT ? body : marked;
}
