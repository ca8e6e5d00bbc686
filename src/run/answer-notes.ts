import { renderUnaskedNote } from "../answer/render-unasked-note.js";
import { renderUnreadableNote } from "../answer/render-unreadable-note.js";
import { renderWaitedNote } from "../answer/render-waited-note.js";
import { renderConfigProblems } from "../config/render-config-problems.js";
import { notAtHeadNote } from "../conversation/review-line-context.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState, StepResult } from "./run-state.js";

/**
 * The notes step of a run: what the answer opens with, before its own
 * text: for an answer nobody asked for, the line that says so first
 * (`renderUnaskedNote`); the settings' problems and the spend ceilings' (then a rule), then
 * each note that applies, quoted: how long it waited for GitHub, a
 * repository that became unreadable, a pull request's head that moved or
 * could not be read, a review comment not at the head.
 *
 * @example
 * const { next } = await answerNotes(run, deps); // next.notes + run.answer.body is the reply
 */
export async function answerNotes(
  state: Pick<RunState, "job" | "clients" | "spend" | "commit" | "mentioned">,
  deps: RunQuestionDeps,
): Promise<StepResult<Pick<RunState, "notes">>> {
  const { job, commit } = state;
  const { onHead } = commit;
  const { sha } = commit.at;
  const { conversation } = state.clients;
  // Read before the head is read again, as the run found them.
  const fault = commit.watched.fault();
  const outage = deps.githubOutage?.();
  const configProblems = [
    ...job.configProblems,
    ...(state.spend?.problems ?? []),
  ];
  const problems =
    configProblems.length > 0
      ? renderConfigProblems(configProblems) + "\n\n---\n\n"
      : "";
  const moved =
    onHead && !onHead.note
      ? await conversation.headMovedNote(sha).catch((error: unknown) => {
          deps.log.warn(
            { err: error, deliveryId: job.deliveryId },
            "askcode could not read the pull request's head again; the answer does not say whether it moved",
          );
          return undefined;
        })
      : onHead?.note;
  const reviewComment = conversation.reviewLine;
  const notAtHead = reviewComment && notAtHeadNote(reviewComment);
  const unreadable = fault && renderUnreadableNote(fault, sha);
  const waited = renderWaitedNote(outage, job.receivedAt);
  const unasked =
    job.unasked?.confidence === undefined
      ? ""
      : renderUnaskedNote(job.unasked.confidence, state.mentioned);
  return {
    next: {
      notes:
        unasked +
        problems +
        [waited, unreadable, moved, notAtHead]
          .filter((note) => note)
          .map((note) => `> ${note}\n\n`)
          .join(""),
    },
  };
}
