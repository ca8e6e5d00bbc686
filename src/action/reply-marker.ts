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
  return `<!-- askcode:reply-to ${triggerId.replaceAll("--", "-%2D")} -->`;
}

/**
 * A reply's body with the marker of the trigger it answers at its head,
 * once (a reply edited again keeps one).
 *
 * @example
 * withReplyMarker("It retries twice.", "comment:1") // "<!-- askcode:reply-to comment:1 -->\nIt retries twice."
 */
export function withReplyMarker(body: string, triggerId: string): string {
  const marker = replyMarker(triggerId);
  return body.startsWith(marker) ? body : `${marker}\n${body}`;
}
