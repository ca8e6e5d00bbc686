import { CONTEXT_DETAILS_OPENING } from "../answer/render-context-details.js";

/**
 * The packed-context report of a reply, as the answer shows it: its
 * collapsed "Context used" section (each file with its line ranges as
 * permalinks and their tokens, then what checking the citations changed);
 * empty for a reply without one (a failure, a command's reply).
 *
 * @example
 * contextReport(answerBody) // "<details>\n<summary>Context used (2 files, 840 tokens)</summary>\n…\n</details>"
 */
export function contextReport(body: string): string {
  const start = body.indexOf(CONTEXT_DETAILS_OPENING);
  if (start < 0) return "";
  const end = body.indexOf("</details>", start);
  return end < 0 ? "" : body.slice(start, end + "</details>".length);
}
