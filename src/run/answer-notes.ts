import { renderUnreadableNote } from "../answer/render-unreadable-note.js";
import { renderWaitedNote } from "../answer/render-waited-note.js";
import type { ConfigProblem } from "../config/config-problem.js";
import { renderConfigProblems } from "../config/render-config-problems.js";
import type { PullRequestCommit } from "../conversation/pull-request-commit.js";
import { notAtHeadNote } from "../conversation/review-line-context.js";
import type { ReviewCommentFacts } from "../question/trigger-types.js";

export interface AnswerNotesInput {
  /** The commit the answer read. */
  sha: string;
  /** The repository's settings problems, and the spend ceilings'. */
  configProblems: readonly ConfigProblem[];
  /** A pull request's head as the run resolved it (none: not on a pull request, or a ref was asked). */
  onHead?: PullRequestCommit;
  /** Reads the pull request's head again: has it moved past `sha`? */
  headMovedNote(sha: string): Promise<string | undefined>;
  reviewComment?: ReviewCommentFacts;
  /** The repository turned unreadable mid-run (`WatchedReader.fault`). */
  fault?: { status: 403 | 404 };
  /** GitHub's last outage, and when the question came: an answer that waited says so. */
  outage?: { since: number; until: number };
  receivedAt: string;
  log: { warn(meta: object, message: string): void };
  deliveryId: string;
}

/**
 * What the answer opens with, before its own text: the settings' problems
 * (then a rule), then each note that applies, quoted: how long it waited
 * for GitHub, a repository that became unreadable, a pull request's head
 * that moved or could not be read, a review comment not at the head.
 *
 * @example
 * (await answerNotes({ sha, configProblems: [], headMovedNote, receivedAt, log, deliveryId })) + answer.body
 */
export async function answerNotes(input: AnswerNotesInput): Promise<string> {
  const { onHead, sha } = input;
  const problems =
    input.configProblems.length > 0
      ? renderConfigProblems([...input.configProblems]) + "\n\n---\n\n"
      : "";
  const moved =
    onHead && !onHead.note
      ? await input.headMovedNote(sha).catch((error: unknown) => {
          input.log.warn(
            { err: error, deliveryId: input.deliveryId },
            "askcode could not read the pull request's head again; the answer does not say whether it moved",
          );
          return undefined;
        })
      : onHead?.note;
  const notAtHead = input.reviewComment && notAtHeadNote(input.reviewComment);
  const unreadable = input.fault && renderUnreadableNote(input.fault, sha);
  const waited = renderWaitedNote(input.outage, input.receivedAt);
  return (
    problems +
    [waited, unreadable, moved, notAtHead]
      .filter((note) => note)
      .map((note) => `> ${note}\n\n`)
      .join("")
  );
}
