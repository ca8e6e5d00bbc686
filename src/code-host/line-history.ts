/**
 * Who last changed which lines of a file, at one commit: `git blame` as a
 * code host can read it (GitHub's GraphQL `blame`, `git blame --porcelain`
 * in a local checkout). Names are left out on purpose: an answer that shows
 * the history must not ping anyone, and the commit and its pull request
 * say why the lines are so better than who typed them.
 */
export interface LineHistory {
  path: string;
  /** The lines asked for, after the range cap (`MAX_HISTORY_LINES`). */
  startLine: number;
  endLine: number;
  /** The commits that last changed the lines, in line order; empty when the history could not be read. */
  ranges: LineHistoryRange[];
  /**
   * What the history cannot say, one sentence each, never guessed: the
   * range was capped, the checkout is shallow, the host timed out or
   * refused. Empty when nothing is missing.
   */
  limits: string[];
}

/** Consecutive lines that one commit last changed. */
export interface LineHistoryRange {
  startLine: number;
  endLine: number;
  commit: HistoryCommit;
  /**
   * The file's path in that commit, when it was another one: the file
   * moved (or the lines were copied from it) since.
   */
  previousPath?: string;
}

/** A commit as the history names it: no author, no committer. */
export interface HistoryCommit {
  /** 40 hex digits. */
  sha: string;
  /** The first line of its message. */
  headline: string;
  /** When it was committed, ISO 8601. */
  committedAt: string;
  /** The pull request that brought it, when the host knows one. */
  pullRequest?: HistoryPullRequest;
}

export interface HistoryPullRequest {
  number: number;
  /** Its title, when the host knows it (a merge commit's body, GitHub's API). */
  title?: string;
  /** False when the host says it is not merged (the commit is in an open one). */
  merged?: boolean;
}

/** Lines one history call reads at most: a question's places are a few dozen lines each. */
export const MAX_HISTORY_LINES = 200;

/** Distinct commits one history names at most (`keepFirstCommits`; in a local checkout each costs a look-up of its pull request). */
export const MAX_HISTORY_COMMITS = 12;

/**
 * A history of the lines asked for (within `MAX_HISTORY_LINES`) with no
 * commit read yet, the cut said as its first limit: where every reader of
 * history starts. Throws `RangeError` as `capHistoryRange` does.
 *
 * @example
 * emptyHistory("src/upload.ts", 10, 24) // { path: "src/upload.ts", startLine: 10, endLine: 24, ranges: [], limits: [] }
 */
export function emptyHistory(
  path: string,
  startLine: number,
  endLine: number,
): LineHistory {
  const range = capHistoryRange(startLine, endLine);
  return {
    path,
    startLine: range.startLine,
    endLine: range.endLine,
    ranges: [],
    limits: range.limit ? [range.limit] : [],
  };
}

/**
 * The lines asked for, within `MAX_HISTORY_LINES`, and the sentence that
 * says so when they were cut. Throws `RangeError` for a range that is not
 * one (a line below 1, an end before the start).
 *
 * @example
 * capHistoryRange(10, 500) // { startLine: 10, endLine: 209, limit: "Only lines 10-209 of the 491 asked for were read: one history covers at most 200 lines." }
 */
export function capHistoryRange(
  startLine: number,
  endLine: number,
): { startLine: number; endLine: number; limit?: string } {
  if (
    !Number.isInteger(startLine) ||
    !Number.isInteger(endLine) ||
    startLine < 1 ||
    endLine < startLine
  )
    throw new RangeError(
      `lineHistory: lines ${startLine}-${endLine} are not a range; give 1-based start and end lines, the end not before the start.`,
    );
  const asked = endLine - startLine + 1;
  if (asked <= MAX_HISTORY_LINES) return { startLine, endLine };
  const last = startLine + MAX_HISTORY_LINES - 1;
  return {
    startLine,
    endLine: last,
    limit: `Only lines ${startLine}-${last} of the ${asked} asked for were read: one history covers at most ${MAX_HISTORY_LINES} lines.`,
  };
}

/**
 * The pull request a commit's subject names, the way GitHub writes it: a
 * merge commit's "Merge pull request #12 from owner/branch", a squashed or
 * rebased one's "Title (#34)". Undefined for any other subject.
 *
 * @example
 * pullRequestInSubject("Merge pull request #12 from octo/retry") // { number: 12, merge: true }
 * pullRequestInSubject("Retry uploads (#34)")                    // { number: 34, merge: false, title: "Retry uploads" }
 */
export function pullRequestInSubject(
  subject: string,
): { number: number; merge: boolean; title?: string } | undefined {
  const merge = /^Merge pull request #(\d+) from \S+/.exec(subject);
  if (merge) return { number: Number(merge[1]), merge: true };
  const squash = /^(.*\S)\s+\(#(\d+)\)\s*$/.exec(subject);
  if (squash)
    return { number: Number(squash[2]), merge: false, title: squash[1]! };
  return undefined;
}

/**
 * The sentence for lines that all came in one squashed commit (a pull
 * request's commits folded into one "Title (#34)"): blame can say no more
 * than that commit, so the pull request is where the reasons are.
 * Undefined when the lines came from several commits, or one that is not
 * a squash, or there is one line only.
 *
 * @example
 * squashedNote(history) // "These lines came in one squashed commit: the commits of pull request #34 are not in the history, its page has them."
 */
export function squashedNote(history: LineHistory): string | undefined {
  const shas = new Set(history.ranges.map((r) => r.commit.sha));
  const only = history.ranges[0]?.commit;
  if (shas.size !== 1 || !only) return undefined;
  const lines = history.ranges.reduce(
    (n, r) => n + r.endLine - r.startLine + 1,
    0,
  );
  const squash = pullRequestInSubject(only.headline);
  if (lines < 2 || !squash || squash.merge) return undefined;
  return `These lines came in one squashed commit: the commits of pull request #${squash.number} are not in the history, its page has them.`;
}

/**
 * The ranges of the first `MAX_HISTORY_COMMITS` distinct commits, in line
 * order, and the sentence that says where the rest begin when there are
 * more: a long range of an old file can hold a commit a line.
 *
 * @example
 * keepFirstCommits(ranges) // { ranges: […12 commits' ranges], limit: "Lines 61-200 hold more commits than the 12 named: ask about them apart." }
 */
export function keepFirstCommits(ranges: readonly LineHistoryRange[]): {
  ranges: LineHistoryRange[];
  limit?: string;
} {
  const commits = new Set<string>();
  for (const [i, range] of ranges.entries()) {
    commits.add(range.commit.sha);
    if (commits.size > MAX_HISTORY_COMMITS)
      return {
        ranges: ranges.slice(0, i),
        limit: `Lines ${range.startLine}-${ranges.at(-1)!.endLine} hold more commits than the ${MAX_HISTORY_COMMITS} named: ask about them apart.`,
      };
  }
  return { ranges: [...ranges] };
}
