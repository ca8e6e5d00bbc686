/**
 * One commit of a repository's default branch as askcode keeps it for the
 * co-change tier: the files it changed, and the commit before it in the
 * branch's history (as `git log` lists it), so the history at any kept
 * commit is read by following `previous` back from it, never forward.
 */
export interface KeptCommit {
  /** The commit's SHA (40 hex digits). */
  sha: string;
  /**
   * The commit listed before it: a SHA, `null` for the repository's first
   * commit (nothing before it), absent when unknown (a force push's first
   * commit, the last one a first fill read): the history read back stops
   * there.
   */
  previous?: string | null;
  /** The files it changed; empty when it changed none, or more than the tier reads (left out as `readGitHistory` leaves them). */
  files: readonly string[];
}

/**
 * The most commits kept per repository: the tier reads 2,000 back from a
 * commit (`HISTORY_DEPTH`), and the rest leaves room for commits a force
 * push left off the branch and a pull request's own, which the bound drops
 * first as the oldest added.
 */
export const KEPT_COMMITS = 2500;

/**
 * The commits kept per repository, from push webhooks and first fills,
 * bounded to the `KEPT_COMMITS` added last. One process keeps them in the
 * embedded store (`createSqliteCommitHistory`), replicas share Redis
 * (`createRedisCommitHistory`); one conformance suite tests both.
 */
export interface CommitHistory {
  /**
   * Adds commits to the repository's (`repository.id`): a commit kept
   * already keeps its place in the bound, and a `previous` it had unless
   * this one knows it; so a re-delivered push changes nothing.
   */
  add(repositoryId: number, commits: readonly KeptCommit[]): Promise<void>;
  /** The repository's kept commits by SHA (empty: none kept). */
  read(repositoryId: number): Promise<ReadonlyMap<string, KeptCommit>>;
}
