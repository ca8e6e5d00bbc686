import type { QuestionJob } from "../../question/question-job.js";

/** A 1-based inclusive line range of a file. */
export type CitedRange = readonly [start: number, end: number];

/** One file an answer cited with a permalink, at one commit. */
export interface CitedFile {
  path: string;
  /** The file's blob SHA at that commit. */
  blob: string;
  /** The lines cited; empty when the answer linked the whole file. */
  ranges: readonly CitedRange[];
}

/** What an answer cited, and the commit those lines are true at. */
export interface TrackedCitations {
  sha: string;
  cited: readonly CitedFile[];
}

/**
 * Where an answer was posted: the place its question was asked (as the job
 * says, so it can be opened again to edit the answer) and the answer's
 * comment there. Plain data: nothing here is a credential.
 */
export type AnswerPlace = Pick<
  QuestionJob,
  "owner" | "repo" | "htmlUrl" | "issueNumber" | "onPullRequest" | "reactTo"
> & { commentId: number };

/**
 * One of askcode's answers as the durable store keeps it: where it is, the
 * commit it read, and what it cited there. The staleness watch
 * (`checkPushedAnswers`) compares a push against it; a new question's best
 * places are looked up in it ("answered before").
 */
export interface AnswerRecord {
  /** Unique per answer comment: `answerRecordId`. */
  id: string;
  /**
   * The repository's key (`repositoryKey`): every lookup is within one
   * repository of one installation. `place` keeps its owner and name, for
   * links only.
   */
  repository: string;
  installationId: number;
  place: AnswerPlace;
  /** The answer comment's page address, for links to it. */
  url: string;
  /** When it was answered (ms since the epoch, on the app's clock). */
  answeredAt: number;
  /** What it cited at the commit it read. */
  read: TrackedCitations;
}

/** A record as the store gives it back, with what the watch has learned since. */
export interface KeptAnswer extends AnswerRecord {
  /**
   * The cited lines at the latest commit the watch found them unchanged
   * at (the commit read, until a push moves them on).
   */
  tracked: TrackedCitations;
  /** The answer already carries its note that the code changed. */
  noted: boolean;
}

/** How long records are kept: the longest window a repository may watch. */
export const ANSWER_RETENTION_DAYS = 365;

/** The most records one lookup reads, newest first: a bound on a push's or a question's work. */
export const RECENT_ANSWERS_LIMIT = 500;

/**
 * The store of askcode's answers and what they cited: in the embedded
 * store for one process (`createSqliteAnswerRecords`), in Redis for
 * replicas (`createRedisAnswerRecords`). Every write is idempotent, so a
 * redelivered push or a second replica changes nothing twice.
 */
export interface AnswerRecords {
  /** Keeps an answer's record (again: nothing changes). */
  add(record: AnswerRecord): Promise<void>;
  /** The repository's records answered at or after `since`, newest first, at most `RECENT_ANSWERS_LIMIT`. */
  recent(repository: string, since: number): Promise<KeptAnswer[]>;
  /**
   * Moves an answer's tracked citations on to `to`, if they are still at
   * `fromSha`: false when another push (or replica) moved them already.
   */
  advance(id: string, fromSha: string, to: TrackedCitations): Promise<boolean>;
  /**
   * Claims the right to add the answer's one note that the code changed:
   * false when it is noted, or another claim holds (for `leaseMs`, after
   * which a process that died holding it no longer blocks the note).
   */
  claimNote(id: string, leaseMs: number): Promise<boolean>;
  /** Ends a claim: `landed`, the answer is noted for good; else the claim is given back. */
  settleNote(id: string, landed: boolean): Promise<void>;
}

/**
 * The record id of the answer comment at `place`, in the repository whose
 * key (`repositoryKey`) is `repository`: comment ids are unique per kind of
 * comment, so the kind is part of it.
 *
 * @example
 * answerRecordId("1:1296269", { reactTo: { kind: "comment", commentId: 1 }, commentId: 9, … })
 * // "1:1296269:issue-comment:9"
 */
export function answerRecordId(
  repository: string,
  place: Pick<AnswerPlace, "reactTo" | "commentId">,
): string {
  const kind =
    place.reactTo.kind === "review-comment"
      ? "review-comment"
      : place.reactTo.kind === "discussion" ||
          place.reactTo.kind === "discussion-comment"
        ? "discussion-comment"
        : "issue-comment";
  return `${repository}:${kind}:${place.commentId}`;
}

/**
 * What a repository's records are kept and looked up under: its
 * installation's id and its own (`repository.id`, in every webhook). Not
 * its name: the same owner/name under another installation (another
 * GitHub account's, once the first was deleted or renamed) is another
 * repository, and a renamed repository is the same one. A colon is in no
 * owner or name, so no record kept under `owner/repo` before matches one:
 * those are not looked up again, and expire with the retention.
 *
 * @example
 * repositoryKey({ installationId: 1, repositoryId: 1296269 }) // "1:1296269"
 */
export function repositoryKey(repository: {
  installationId: number;
  repositoryId: number;
}): string {
  return `${repository.installationId}:${repository.repositoryId}`;
}
