import type { ReviewLineContext } from "../code-host/pull-request-facts.js";
import { numberLines } from "../tools/number-lines.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { dataBlock } from "./data-block.js";

/**
 * The review comment's place, for the model's first message: where the
 * question was asked, the diff hunk it was written on (its end kept: the
 * commented line is its last), and the lines around the commented line at
 * the head commit, numbered, or why they are not shown. The hunk and the
 * file are data blocks: both come from the repository's contributors.
 *
 * @example
 * renderReviewComment(context, SHA, 800, counter)
 * // "# Review comment\nThe question was asked in a review comment on line 8 of src/upload.py …"
 */
export function renderReviewComment(
  context: ReviewLineContext,
  sha: string | undefined,
  budget: number,
  counter: TokenCounter,
): string {
  const at = sha ? ` at ${sha}` : "";
  const where =
    context.line === null
      ? `on ${context.path}, on a line no longer in the diff`
      : `on line ${context.line} of ${context.path}`;
  const intro =
    `# Review comment\nThe question was asked in a review comment ${where}; ` +
    `"this line" or "here" means that line. The diff hunk it was written on ends at the commented line.`;
  const hunk = hunkEnd(context.diffHunk, Math.floor(budget / 2), counter);
  const parts = [
    intro,
    dataBlock(`diff hunk of ${context.path}`, hunk.text) +
      (hunk.cut ? "\n(The start of the hunk is cut to fit.)" : ""),
  ];
  if (context.atHead) {
    const { startLine, endLine, text } = context.atHead;
    parts.push(
      `The lines around it${at}:\n` +
        dataBlock(
          `file ${context.path}${at}, lines ${startLine}-${endLine}`,
          numberLines(text.split("\n"), startLine),
        ),
    );
  } else if (context.notAtHead === "unreadable") {
    parts.push(
      `${context.path} could not be read${at}: answer from the hunk and say so.`,
    );
  } else {
    parts.push(
      `The commented line is not in the head commit${at} (${context.notAtHead === "deleted-line" ? "the pull request deletes it" : "the comment is outdated"}): answer from the hunk and the head's code, and say that the line is not at head.`,
    );
  }
  return parts.join("\n");
}

// The last lines of the hunk that fit: the commented line is the hunk's last.
function hunkEnd(
  hunk: string,
  budget: number,
  counter: TokenCounter,
): { text: string; cut: boolean } {
  const lines = hunk.split("\n");
  let left = budget;
  let first = lines.length;
  while (first > 0) {
    const cost = counter.count(lines[first - 1]!) + 1;
    if (cost > left) break;
    left -= cost;
    first--;
  }
  return { text: lines.slice(first).join("\n"), cut: first > 0 };
}
