import { keepsAnswers, treeToKeep } from "./keep-answer.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState, StepResult } from "./run-state.js";

/**
 * The last step of an answered run: the tree of the commit the answer read,
 * for `keepAnswer` once the answer is posted. Kept only when it read the
 * default branch, which pushes are checked against: an answer about a tag
 * or a pull request's head stays true of that. The tree is read now, while
 * the run's deadline holds (the snapshot's, not a request).
 *
 * @example
 * const { next } = await readKeptTree(run, deps); // next.kept: { sha, tree }, or nothing kept
 */
export async function readKeptTree(
  state: Pick<RunState, "job" | "commit">,
  deps: RunQuestionDeps,
): Promise<StepResult<Pick<RunState, "kept">>> {
  const { job, commit } = state;
  if (!deps.answers || !keepsAnswers(job) || commit.asked || commit.onHead)
    return { next: {} };
  const kept = await treeToKeep(
    commit.watched.reader,
    { sha: commit.at.sha, deliveryId: job.deliveryId },
    { log: deps.log },
  );
  return { next: { kept } };
}
