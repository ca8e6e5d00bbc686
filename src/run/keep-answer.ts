import { buildAnswerRecord } from "../answer-records/build-answer-record.js";
import type { AnswerRecords } from "../answer-records/answer-record.js";
import type { TreeEntry } from "../code-host/code-host.js";
import type { QuestionJob } from "../question/question-job.js";
import type { Clock } from "../shared/clock.js";

/**
 * Whether the repository uses what is kept of its answers (the watch, or
 * "answered before"), and the job says which repository it is: one queued
 * before `repositoryId` was recorded has no key to keep its answer under.
 */
export function keepsAnswers(
  job: Pick<QuestionJob, "config" | "repositoryId">,
): boolean {
  const { answers } = job.config;
  return (
    job.repositoryId !== undefined && (answers.watch || answers.link_earlier)
  );
}

/**
 * Keeps the record of an answer once it is posted: what it cited at the
 * commit it read, for the staleness watch and for later questions. The
 * answer is posted already, so nothing here may fail the job (a retry
 * would answer twice): a failure is logged, and the answer is only not
 * watched.
 *
 * @example
 * await keepAnswer({ job, commentId: 9, body, sha: at.sha, tree }, { records, clock, log });
 */
export async function keepAnswer(
  answer: {
    job: QuestionJob;
    commentId: number;
    body: string;
    sha: string;
    tree: readonly TreeEntry[];
  },
  deps: {
    records: AnswerRecords;
    clock: Pick<Clock, "now">;
    log: { warn(meta: object, message: string): void };
  },
): Promise<void> {
  const { job } = answer;
  if (job.repositoryId === undefined) return;
  const record = buildAnswerRecord({
    body: answer.body,
    place: {
      owner: job.owner,
      repo: job.repo,
      htmlUrl: job.htmlUrl,
      issueNumber: job.issueNumber,
      ...(job.onPullRequest && { onPullRequest: job.onPullRequest }),
      reactTo: job.reactTo,
      commentId: answer.commentId,
    },
    installationId: job.installationId,
    repositoryId: job.repositoryId,
    sha: answer.sha,
    tree: answer.tree,
    answeredAt: deps.clock.now(),
  });
  if (!record) return;
  await deps.records
    .add(record)
    .catch((error: unknown) =>
      deps.log.warn(
        { err: error, deliveryId: job.deliveryId },
        "askcode could not keep what its answer cited; the answer will not be watched",
      ),
    );
}
