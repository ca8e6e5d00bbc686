import {
  renderProgressComment,
  type ProgressEvent,
} from "../answer/render-progress-comment.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Clock } from "../shared/clock.js";
import type { RunComment } from "../conversation/in-flight-runs.js";
import {
  createProgressReporter,
  type ProgressReporter,
} from "../conversation/progress-reporter.js";

// GitHub's write limits and the reader's patience: a progress edit at most this often.
const PROGRESS_INTERVAL_MS = 3_000;

/**
 * How the run shows it is working (`progress` in `.github/askcode.yml`): a
 * checklist comment posted now and edited as steps happen, or (`reaction`,
 * `none`) no comment until the reply, whose steps are then not shown.
 *
 * @example
 * const progress = await showProgress("checklist", comment, clock); // "Searching the code…" posted
 */
export async function showProgress(
  mode: QuestionJob["config"]["progress"],
  comment: RunComment,
  clock: Clock,
): Promise<ProgressReporter> {
  if (mode !== "checklist") {
    await comment.hold();
    return { record: () => {}, close: async () => {} };
  }
  const posted: ProgressEvent[] = [{ kind: "searching" }];
  await comment.post(renderProgressComment(posted));
  return createProgressReporter({
    edit: (body) => comment.edit(body),
    clock,
    intervalMs: PROGRESS_INTERVAL_MS,
    shown: posted,
  });
}
