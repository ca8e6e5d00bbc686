import type { CoChangeHistory } from "./co-change-history.js";

/** Where one file stands in a co-change history. */
export interface FileChanges {
  /** Commits of the history newer than the file's newest change (0: the newest commit changed it). */
  since: number;
  /** Commits of the history that changed it. */
  commits: number;
}

// Built once per history, kept with it: a warm question reuses the history
// the CLI and the server keep by commit, so it never walks 2,000 commits again.
const BUILT = new WeakMap<CoChangeHistory, ReadonlyMap<string, FileChanges>>();

/**
 * Each file the history names, with how recently and how often its commits
 * changed it. The history leaves out commits of more than MAX_COMMIT_FILES
 * files, so those count neither as a change nor toward `since`. A file the
 * history never names is absent.
 *
 * @example
 * fileChanges({ commit, commits: [["a.py"], ["b.py", "a.py"]] }).get("b.py") // { since: 1, commits: 1 }
 */
export function fileChanges(
  history: CoChangeHistory,
): ReadonlyMap<string, FileChanges> {
  const kept = BUILT.get(history);
  if (kept) return kept;
  const changes = new Map<string, FileChanges>();
  for (const [since, files] of history.commits.entries())
    for (const file of files) {
      const seen = changes.get(file);
      if (seen) seen.commits++;
      else changes.set(file, { since, commits: 1 });
    }
  BUILT.set(history, changes);
  return changes;
}
