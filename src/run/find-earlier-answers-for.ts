import {
  repositoryKey,
  type AnswerRecords,
} from "../storage/answer-records/answer-record.js";
import {
  rankEarlierAnswers,
  type QuestionPlace,
} from "../answer-records/find-earlier-answers.js";
import type { EarlierAnswerLink } from "../answer/render-earlier-answers.js";
import type { QuestionJob } from "../question/question-job.js";

// More would bury the answer under links.
const MAX_EARLIER = 2;

/**
 * "Answered before" for one question: the repository's kept answers, read
 * once, ranked against the question's best places (`rankEarlierAnswers`).
 * The repository is the job's installation's and its id's (`repositoryKey`):
 * never another installation's repository of the same name. A store that
 * cannot be read leaves the answer without the line, logged: it is a
 * pointer, never worth failing an answer for; so does a job queued before
 * its repository's id was recorded.
 *
 * @example
 * const earlierAnswers = findEarlierAnswersFor(job, { records, log });
 * await earlierAnswers([{ path: "src/retry.ts", range: [10, 30] }]) // [{ url, where: "issue 12", … }]
 */
export function findEarlierAnswersFor(
  job: Pick<
    QuestionJob,
    "installationId" | "repositoryId" | "issueNumber" | "reactTo" | "deliveryId"
  >,
  deps: {
    records: AnswerRecords;
    log: { warn(meta: object, message: string): void };
  },
): (places: readonly QuestionPlace[]) => Promise<EarlierAnswerLink[]> {
  return async (places) => {
    const { installationId, repositoryId } = job;
    if (repositoryId === undefined) return [];
    try {
      const kept = await deps.records.recent(
        repositoryKey({ installationId, repositoryId }),
        0,
      );
      return rankEarlierAnswers(kept, places, {
        askedIn: job,
        max: MAX_EARLIER,
      });
    } catch (error) {
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not read its earlier answers; answering without them",
      );
      return [];
    }
  };
}
