// What the co-change tier reads of a repository's history: which files each
// recent commit changed together. A checkout's `git log` gives it
// (`readGitHistory`); a host that keeps push events could give it too.

/** Commits read back from the question's commit, that commit included. */
export const HISTORY_DEPTH = 2000;
/**
 * Commits touching more files are left out: merges made by hand, formatting,
 * releases and folder renames say little about which files belong together
 * (docs/benchmark.md, "Co-change").
 */
export const MAX_COMMIT_FILES = 30;

/** The files each recent commit changed, at one commit of a repository. */
export interface CoChangeHistory {
  /** The commit the history was read back from (40 hex digits). */
  commit: string;
  /**
   * Each commit's files, newest first (`parseNameOnlyLog`): at most
   * `HISTORY_DEPTH` commits read, those over `MAX_COMMIT_FILES` files left out.
   */
  commits: readonly (readonly string[])[];
}
