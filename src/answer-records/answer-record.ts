import type { QuestionJob } from "../question/question-job.js";

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
  /** `owner/repo`, lower case: every lookup is within one repository. */
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
 * The record id of the answer comment at `place`: comment ids are unique
 * per kind of comment, so the kind is part of it.
 *
 * @example
 * answerRecordId({ owner: "Octo", repo: "App", reactTo: { kind: "comment", commentId: 1 }, commentId: 9, … })
 * // "octo/app:issue-comment:9"
 */
export function answerRecordId(place: AnswerPlace): string {
  const kind =
    place.reactTo.kind === "review-comment"
      ? "review-comment"
      : place.reactTo.kind === "discussion" ||
          place.reactTo.kind === "discussion-comment"
        ? "discussion-comment"
        : "issue-comment";
  return `${repositoryKey(place)}:${kind}:${place.commentId}`;
}

/** `owner/repo` in lower case, as records are looked up. */
export function repositoryKey(repository: {
  owner: string;
  repo: string;
}): string {
  return `${repository.owner}/${repository.repo}`.toLowerCase();
}
