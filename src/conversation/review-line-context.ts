import type { ReviewLineContext } from "../code-host/pull-request-facts.js";
export type { ReviewLineContext };
import type { CodeReader } from "../code-host/code-host.js";
import { redactSecrets } from "../policy/redact-secrets.js";
import type { ReviewCommentFacts } from "../question/trigger-types.js";

// Lines shown each side of the commented line: enough for the function
// around it, little enough to leave the budget to retrieval.
const AROUND = 15;

/**
 * Reads the lines around a review comment's line at the head commit. A
 * comment on the LEFT side is on a line the pull request deletes (or on
 * the base's context), and one whose `line` GitHub set to null no longer
 * maps onto the current diff: neither line is in the head commit, so only
 * the hunk is kept, and the answer says so. A path the repository excludes,
 * or that is no text file at head, is "unreadable", as is one whose read
 * fails (logged with its cause: the answer then lacks the line's code).
 * The reader redacts the file's secrets; the hunk's are redacted here.
 *
 * @example
 * await readReviewLineContext(reader, facts, (p) => false, { log })
 * // { path: "src/upload.py", line: 8, diffHunk: "@@ -6,4 +6,5 @@ …",
 * //   atHead: { startLine: 1, endLine: 23, text: "import time\n…" } }
 */
export async function readReviewLineContext(
  reader: CodeReader,
  facts: ReviewCommentFacts,
  excluded: (path: string) => boolean,
  deps: { log: { warn(meta: object, message: string): void } },
): Promise<ReviewLineContext> {
  // The hunk is the diff's text, from the webhook: redacted as files are.
  const diffHunk = (
    await redactSecrets(facts.diffHunk, { path: facts.path, keepLines: true })
  ).text;
  const base = { path: facts.path, line: facts.line, diffHunk };
  if (facts.side === "LEFT") return { ...base, notAtHead: "deleted-line" };
  if (facts.line === null) return { ...base, notAtHead: "outdated" };
  if (excluded(facts.path)) return { ...base, notAtHead: "unreadable" };
  const file = await reader
    .readFile(facts.path, {
      startLine: Math.max(1, facts.line - AROUND),
      endLine: facts.line + AROUND,
    })
    .catch((error: unknown) => {
      deps.log.warn(
        { err: error, path: facts.path },
        "askcode could not read the lines a review comment is on; the answer says they are unreadable",
      );
      return undefined;
    });
  if (file?.kind !== "text" || file.text === "")
    return { ...base, notAtHead: "unreadable" };
  return {
    ...base,
    atHead: {
      startLine: file.startLine,
      endLine: file.endLine,
      text: file.text,
    },
  };
}

/**
 * The sentence an answer opens with when the commented line is not in the
 * head commit (a deleted line, an outdated comment), so the asker knows the
 * code cited is the head's, not the line they commented on; undefined when
 * the line is there. Told from the comment alone, so a run without a model
 * says it too.
 *
 * @example
 * notAtHeadNote({ path: "README.md", line: 1, side: "LEFT", … })
 * // "The commented line (README.md line 1) is one this pull request deletes: it is not in the head commit. This answer reads the head, with the review comment's diff hunk."
 */
export function notAtHeadNote(facts: ReviewCommentFacts): string | undefined {
  const where = `${facts.path}${facts.line === null ? "" : ` line ${facts.line}`}`;
  const reads =
    "This answer reads the head, with the review comment's diff hunk.";
  if (facts.side === "LEFT")
    return `The commented line (${where}) is one this pull request deletes: it is not in the head commit. ${reads}`;
  if (facts.line === null)
    return `The commented line (${where}) is no longer in the pull request's diff (the comment is outdated): it is not in the head commit. ${reads}`;
  return undefined;
}
