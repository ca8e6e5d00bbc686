import { buildAnswerRecord } from "../answer-records/build-answer-record.js";
import type { AnswerRecords } from "../storage/answer-records/answer-record.js";
import type { CodeReader, TreeEntry } from "../code-host/code-host.js";
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

/**
 * The tree of the commit an answer read, for `keepAnswer`: read by the run
 * while its deadline holds. A listing that fails is logged and keeps no
 * record, so the answer is only not watched; it never fails the answer.
 *
 * @example
 * const kept = await treeToKeep(reader, { sha: at.sha, deliveryId: job.deliveryId }, { log });
 * // { sha: "6dcb09b…", tree: [{ path: "src/retry.py", type: "file", sha: "…" }, …] }
 */
export async function treeToKeep(
  reader: Pick<CodeReader, "listTree">,
  at: { sha: string; deliveryId: string },
  deps: { log: { warn(meta: object, message: string): void } },
): Promise<{ sha: string; tree: readonly TreeEntry[] } | undefined> {
  return reader.listTree().then(
    (listing) => ({ sha: at.sha, tree: listing.entries }),
    (error: unknown) => {
      deps.log.warn(
        { err: error, deliveryId: at.deliveryId },
        "askcode could not list the files of the commit its answer read; the answer will not be watched",
      );
      return undefined;
    },
  );
}
