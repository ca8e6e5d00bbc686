import type { QuestionJob } from "../question/question-job.js";
import type { CoChangeHistory } from "../retrieval/history/co-change-history.js";

/**
 * Where a door's questions get the repository's history for packing's
 * co-change tier: the App's kept pushes (`keptCoChangeSource`), the
 * Action's checkout (`readGitHistory`).
 */
export interface CoChangeSource {
  /** The history back from `sha`, never after it; undefined when none is known (the tier is then off). */
  at(job: QuestionJob, sha: string): Promise<CoChangeHistory | undefined>;
  /**
   * Told once a question's reply landed, with the commit it read: a source
   * that reads more history (a first fill) does it then, in the background,
   * never delaying an answer.
   */
  answered?(job: QuestionJob, sha: string): void;
}
