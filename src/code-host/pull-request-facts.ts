/** One file a pull request changes, as the pull request's file list says. */
export interface ChangedFile {
  path: string;
  /** GitHub's status: added, removed, modified, renamed, copied, changed, unchanged. */
  status: string;
  additions: number;
  deletions: number;
  /** The path before a rename. */
  previousPath?: string;
  /** The file's unified diff hunks; absent for a binary file or a diff GitHub would not show (too large). */
  patch?: string;
}

/** What a question asked on a pull request reads about it. */
export interface PullRequestFacts {
  number: number;
  /** The commit the pull request proposes: the answer reads the code there. */
  head: {
    sha: string;
    /** The head branch's name. */
    ref: string;
    /** "owner/name" of the repository the head branch lives in; null when that fork was deleted. */
    repository: string | null;
  };
  /** Where it would merge: the base branch and its commit when the pull request was read. */
  base: { ref: string; sha: string };
  state: string;
  /** The changed files read, in GitHub's order (at most `MAX_CHANGED_FILES`). */
  files: ChangedFile[];
  /** How many files the pull request changes in all (GitHub's `changed_files`). */
  changedFiles: number;
}

/** The place a review comment asked about, as the run read it at the head commit. */
export interface ReviewLineContext {
  path: string;
  /** The commented line, in the file on the comment's side; null: GitHub no longer places it. */
  line: number | null;
  /** The diff hunk the comment was written on, ending at the commented line. */
  diffHunk: string;
  /** The lines around the commented line at the head commit, when it is there and readable. */
  atHead?: { startLine: number; endLine: number; text: string };
  /** Why the head's lines are not shown; absent when they are. */
  notAtHead?: "deleted-line" | "outdated" | "unreadable";
}
