import { runGit } from "../../code-host/local/run-git.js";
import {
  HISTORY_DEPTH,
  MAX_COMMIT_FILES,
  type CoChangeHistory,
} from "./co-change-history.js";
import { parseNameOnlyLog } from "./parse-name-only-log.js";

export interface ReadGitHistoryOptions {
  /** Commits read back from `commit`, that commit included (default HISTORY_DEPTH). */
  depth?: number;
  /** Commits touching more files are left out (default MAX_COMMIT_FILES). */
  maxFiles?: number;
  /** Runs git (default `runGit`); tests pass one that fails. */
  runGit?: typeof runGit;
}

/**
 * The git arguments that list each commit's files back from `commit`, as
 * `parseNameOnlyLog` reads them: renames as a deletion and an addition (the
 * new path is the one that exists), paths as the tree spells them, not
 * C-quoted when not ASCII.
 *
 * @example
 * nameOnlyLogArgs("HEAD", 2000) // ["-c", "core.quotePath=false", "log", "--no-renames", "--name-only", "--format=%x00", "-n", "2000", "HEAD"]
 */
export function nameOnlyLogArgs(commit: string, depth: number): string[] {
  return [
    "-c",
    "core.quotePath=false",
    "log",
    "--no-renames",
    "--name-only",
    "--format=%x00",
    "-n",
    String(depth),
    commit,
    "--",
  ];
}

/**
 * The co-change history of a local repository (a checkout or a bare mirror)
 * back from `commit`, or undefined when there is none to read: git is not
 * installed, the folder is not a repository, the commit is unknown, or the
 * clone is shallow (its few commits would make chance look like a pattern).
 * Never throws for those: the tier is then simply off.
 *
 * @example
 * const history = await readGitHistory("/src/app", "HEAD");
 * history?.commits[0] // ["src/session.py", "CHANGES.rst"]
 */
export async function readGitHistory(
  root: string,
  commit: string,
  options: ReadGitHistoryOptions = {},
): Promise<CoChangeHistory | undefined> {
  const git = options.runGit ?? runGit;
  try {
    const resolved = await git(root, [
      "rev-parse",
      "--is-shallow-repository",
      "--verify",
      `${commit}^{commit}`,
    ]);
    const [shallow, sha] = resolved.stdout.toString("utf8").trim().split("\n");
    if (resolved.code !== 0 || shallow !== "false" || !sha) return undefined;
    const log = await git(
      root,
      nameOnlyLogArgs(sha, options.depth ?? HISTORY_DEPTH),
    );
    if (log.code !== 0) return undefined;
    return {
      commit: sha,
      commits: parseNameOnlyLog(
        log.stdout.toString("utf8"),
        options.maxFiles ?? MAX_COMMIT_FILES,
      ),
    };
  } catch {
    // git could not start (not installed): no history, no tier.
    return undefined;
  }
}
