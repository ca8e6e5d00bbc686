import type { CoChangeHistory } from "./co-change-history.js";

/** Where one file stands in a co-change history. */
export interface FileChanges {
  /** Commits of the history newer than the file's newest change (0: the newest commit changed it). */
  since: number;
  /** Commits of the history that changed it. */
  commits: number;
}

/**
 * How recently and how often the history's commits changed each of `paths`.
 * The history leaves out commits of more than MAX_COMMIT_FILES files, so
 * those count neither as a change nor toward `since`. A file the history
 * never names counts as changed just before its oldest commit: `since` is
 * the history's length, `commits` 0. Only the paths asked for are tallied
 * (a question's ranked files), a lookup per name in the history: tallying
 * every file it names cost several times as much, and a CLI or MCP question
 * reads its history afresh, so a table built for one would not serve the
 * next (docs/benchmark.md, "The file's history as chunk-model signals").
 *
 * @example
 * fileChanges({ commit, commits: [["a.py"], ["b.py", "a.py"]] }, ["b.py", "c.py"])
 * // Map { "b.py" => { since: 1, commits: 1 }, "c.py" => { since: 2, commits: 0 } }
 */
export function fileChanges(
  history: CoChangeHistory,
  paths: Iterable<string>,
): Map<string, FileChanges> {
  const changes = new Map<string, FileChanges>();
  for (const path of paths)
    changes.set(path, { since: history.commits.length, commits: 0 });
  const { commits } = history;
  // Index loops: a question runs this once, before the JIT optimises it, and
  // the interpreter walks them faster than iterators.
  for (let since = 0; since < commits.length; since++) {
    const files = commits[since] as readonly string[];
    for (let i = 0; i < files.length; i++) {
      const seen = changes.get(files[i] as string);
      if (!seen) continue;
      if (seen.commits === 0) seen.since = since;
      seen.commits++;
    }
  }
  return changes;
}
