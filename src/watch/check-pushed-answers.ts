import {
  repositoryKey,
  type AnswerPlace,
  type CitedFile,
  type AnswerRecords,
  type KeptAnswer,
} from "../storage/answer-records/answer-record.js";
import { appendAnswerNote } from "../answer/append-answer-note.js";
import {
  CODE_CHANGED_MARKER,
  renderCodeChangedNote,
  type ChangedCitation,
} from "../answer/render-code-changed-note.js";
import type { CommitComparison } from "../code-host/github/compare-commits.js";
import type { Clock } from "../shared/clock.js";
import { compareCitedFile, type HeadFiles } from "./compare-cited-file.js";
import { judgeCitations, type CitationVerdict } from "./judge-citations.js";
import type { PushFacts } from "./push-facts.js";

/** The repository's say over the watch (`answers` in `.github/askcode.yml`) and the handle its note names. */
export interface WatchSettings {
  watch: boolean;
  days: number;
  handle: string;
}

/** An answer's comment, to read and edit (the conversation it was posted in). */
export interface AnswerComment {
  read(commentId: number): Promise<string | undefined>;
  update(commentId: number, body: string): Promise<void>;
}

export interface CheckPushedAnswersDeps {
  records: AnswerRecords;
  /**
   * GitHub's comparison of two commits of the pushed repository
   * (`compareCommits`); undefined when GitHub cannot compare them (404).
   */
  compare(base: string, head: string): Promise<CommitComparison | undefined>;
  /** The pushed head's files, for a cited file the comparison cannot judge. */
  files: HeadFiles;
  /** The repository's settings, read only when some answer cites what the push changed. */
  settings(): Promise<WatchSettings>;
  /** The comments of the place an answer was posted in. */
  commentsAt(place: AnswerPlace): Promise<AnswerComment>;
  clock: Pick<Clock, "now">;
  log: {
    info(meta: object, message: string): void;
    warn(meta: object, message: string): void;
  };
}

/** What one push did to the answers kept, for the log and the tests. */
export interface PushCheck {
  /** Answers citing a path the push changed (all not yet noted, when the payload could not say). */
  candidates: number;
  /** GitHub comparisons requested (one per commit the candidates are tracked at). */
  compared: number;
  /** Cited files read at the head because the comparison could not judge them. */
  filesRead: number;
  /** Answers whose cited lines did not change, now tracked at the push. */
  advanced: number;
  /** Answers that got their note. */
  noted: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// A note is one read and one edit: a process that died holding the claim
// for longer than this let it go.
const NOTE_LEASE_MS = 10 * 60 * 1000;

/**
 * The staleness watch's work for one push to a repository's default
 * branch. Cheap first: the answers kept are matched against the paths the
 * payload lists, so a push that touches nothing cited costs one store read
 * and no request. Then, for the answers it touches (within the repository's
 * `watch_days`, unless it switched the watch off), one GitHub comparison
 * per commit they are tracked at tells, from the patches alone, whether
 * their cited lines changed or moved (`judgeCitations`); a cited file it
 * cannot judge (past the 300 files it lists, or every file when a force
 * push dropped the answer's commit) is read at the head and judged alone
 * (`compareCitedFile`). A force push lists no paths, so every answer not
 * yet noted is a candidate. An answer whose
 * lines stayed is tracked at the push from then on; one whose lines
 * changed or moved gets one note at the end of its answer, naming the
 * commit and the places. Every step is idempotent: the note is claimed
 * in the store and marked in the body, so a redelivered push, or two
 * replicas handling one, note an answer once. Edits go one at a time,
 * through the installation's paced Octokit.
 *
 * @example
 * await checkPushedAnswers({ deliveryId, installationId: 1, owner: "o", repo: "r", htmlUrl, before: "6dcb09b…", head: "8f1e2a3…", forced: false, changedPaths: new Set(["src/retry.ts"]) }, deps)
 * // { candidates: 1, compared: 1, filesRead: 0, advanced: 0, noted: 1 }
 */
export async function checkPushedAnswers(
  push: PushFacts,
  deps: CheckPushedAnswersDeps,
): Promise<PushCheck> {
  const check: PushCheck = {
    candidates: 0,
    compared: 0,
    filesRead: 0,
    advanced: 0,
    noted: 0,
  };
  const now = deps.clock.now();
  const kept = await deps.records.recent(repositoryKey(push), 0);
  const touched = kept.filter(
    (answer) =>
      !answer.noted &&
      answer.tracked.sha !== push.head &&
      answer.tracked.cited.some(
        (file) => push.changedPaths?.has(file.path) ?? true,
      ),
  );
  if (touched.length === 0) return check;
  const settings = await deps.settings();
  if (!settings.watch) return check;
  const watched = touched.filter(
    (answer) => answer.answeredAt >= now - settings.days * DAY_MS,
  );
  check.candidates = watched.length;
  for (const [base, answers] of groupBy(watched, (a) => a.tracked.sha)) {
    let comparison: CommitComparison | undefined;
    try {
      comparison = await deps.compare(base, push.head);
      check.compared++;
    } catch (error) {
      deps.log.warn(
        { err: error, deliveryId: push.deliveryId, base, head: push.head },
        "askcode could not compare an answer's commit with the push; its answers wait for the next push",
      );
      continue;
    }
    const compareFile = (file: CitedFile, at: string) => {
      check.filesRead++;
      return compareCitedFile(file, deps.files, at);
    };
    for (const answer of answers) {
      let verdict: CitationVerdict;
      try {
        verdict = await judgeCitations(
          answer.tracked,
          comparison,
          push,
          compareFile,
        );
      } catch (error) {
        deps.log.warn(
          { err: error, deliveryId: push.deliveryId, answer: answer.url },
          "askcode could not read a file an answer cites at the push; the answer waits for the next push",
        );
        continue;
      }
      if (verdict.kind === "unchanged") {
        if (await deps.records.advance(answer.id, base, verdict.tracked))
          check.advanced++;
      } else if (verdict.kind === "changed") {
        if (await addNote(answer, verdict.places, push, settings, deps))
          check.noted++;
      }
    }
  }
  deps.log.info(
    { deliveryId: push.deliveryId, ...check },
    "askcode checked its answers against a push",
  );
  return check;
}

/**
 * Adds the note to one answer, once: claimed in the store first (another
 * replica's claim, or a note already added, ends it), then the comment is
 * read and edited unless it already carries the note (a process that died
 * after its edit). Resolves whether this call added it.
 */
async function addNote(
  answer: KeptAnswer,
  places: readonly ChangedCitation[],
  push: PushFacts,
  settings: WatchSettings,
  deps: CheckPushedAnswersDeps,
): Promise<boolean> {
  if (!(await deps.records.claimNote(answer.id, NOTE_LEASE_MS))) return false;
  try {
    const comments = await deps.commentsAt(answer.place);
    const body = await comments.read(answer.place.commentId);
    const note = renderCodeChangedNote({
      repository: {
        owner: push.owner,
        repo: push.repo,
        htmlUrl: push.htmlUrl,
        sha: push.head,
      },
      places,
      handle: settings.handle,
    });
    // Gone, rewritten, or noted by a process that died before it said so.
    const noted =
      body === undefined
        ? undefined
        : appendAnswerNote(body, note, CODE_CHANGED_MARKER);
    if (noted !== undefined)
      await comments.update(answer.place.commentId, noted);
    await deps.records.settleNote(answer.id, true);
    return noted !== undefined;
  } catch (error) {
    // Given back, so a later push may try; if even that fails, the lease lapses.
    await deps.records.settleNote(answer.id, false).catch(() => undefined);
    deps.log.warn(
      { err: error, deliveryId: push.deliveryId, answer: answer.url },
      "askcode could not add its note to an answer whose code changed; a later push to its code tries again",
    );
    return false;
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}
