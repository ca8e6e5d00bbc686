import type { KeptCommit } from "../storage/commit-history/commit-history.js";
import {
  HISTORY_DEPTH,
  MAX_COMMIT_FILES,
  type CoChangeHistory,
} from "../retrieval/history/co-change-history.js";

/** The history a question reads from the kept commits, and where it ran out. */
export interface KeptHistoryAt {
  /** The co-change history back from the commit; undefined when the commit is not kept (nothing can be said of what came before it). */
  history?: CoChangeHistory;
  /** Commits walked back, the question's own included (those left out for their size too). */
  walked: number;
  /**
   * Where the kept history stops short of the repository's start and of
   * `HISTORY_DEPTH`: the commit whose history a first fill reads next
   * (`from`), and whether that commit is kept already (then its files are
   * not read again). Undefined when the walk reached either.
   */
  resume?: { from: string; kept: boolean };
}

/**
 * The co-change history at `sha` from the commits kept of a repository:
 * `sha` and the commits before it, following each one's `previous` back
 * as `git log` lists them from `sha`, never a commit after it. The walk
 * stops at the first commit, at `HISTORY_DEPTH` commits, or where the
 * kept history does not know what came before (a commit not kept, or one
 * whose `previous` is unknown), and then says where to resume. Commits of
 * no file or of more than `MAX_COMMIT_FILES` are left out, as
 * `readGitHistory` leaves them out.
 *
 * @example
 * keptHistoryAt(kept, "c…") // { history: { commit: "c…", commits: [["CHANGES.rst", "src/a.py"], …] }, walked: 2, resume: { from: "a…", kept: false } }
 */
export function keptHistoryAt(
  kept: ReadonlyMap<string, KeptCommit>,
  sha: string,
  depth: number = HISTORY_DEPTH,
): KeptHistoryAt {
  const commits: (readonly string[])[] = [];
  const seen = new Set<string>();
  let at: string = sha;
  let walked = 0;
  let resume: KeptHistoryAt["resume"];
  while (walked < depth) {
    const commit = kept.get(at);
    // A commit seen twice would be a loop no real history has: stop.
    if (!commit || seen.has(at)) {
      resume = commit ? undefined : { from: at, kept: false };
      break;
    }
    seen.add(at);
    walked++;
    if (commit.files.length > 0 && commit.files.length <= MAX_COMMIT_FILES)
      commits.push(commit.files);
    if (commit.previous === null) break;
    if (commit.previous === undefined) {
      resume = { from: at, kept: true };
      break;
    }
    at = commit.previous;
  }
  return {
    ...(walked > 0 && { history: { commit: sha, commits } }),
    walked,
    ...(resume && { resume }),
  };
}
