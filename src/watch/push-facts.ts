/** What a push to a repository's default branch tells the staleness watch. */
export interface PushFacts {
  /** `X-GitHub-Delivery`, for the log. */
  deliveryId: string;
  installationId: number;
  /** `repository.id`: the answers kept for the repository are looked up by it. */
  repositoryId: number;
  owner: string;
  repo: string;
  /** The repository's page (`repository.html_url`), for the note's commit link. */
  htmlUrl: string;
  /** The commit the branch pointed at before the push (`before`). */
  before: string;
  /** The commit the branch now points at (`after`). */
  head: string;
  /**
   * The push replaced the branch's history (`forced`): commits it had may
   * be gone from it, and `head` need not descend from `before`.
   */
  forced: boolean;
  /**
   * Every path that differs between `before` and `head`: all the pushed
   * commits added, removed or modified. Undefined when the payload cannot
   * say: a force push (it lists only the new commits, never what the
   * dropped ones had changed), or a payload GitHub may have cut (its limits
   * on commits, and on paths per commit).
   */
  changedPaths?: ReadonlySet<string>;
  /** The pushed commits as the payload lists them, oldest first (`commits[].id`); empty when it lists none. */
  commits: readonly PushedCommit[];
  /**
   * Whether `commits` are every commit between `before` and `head`, the
   * first one following `before`: false for a force push (`before` may be
   * gone from the branch) and for a payload at GitHub's limit on commits.
   */
  followsBefore: boolean;
}

/** One commit of a push, as the payload lists it. */
export interface PushedCommit {
  /** `commits[].id`: the commit's SHA. */
  sha: string;
  /** Every path it added, removed or modified (renames as a removal and an addition). */
  paths: readonly string[];
  /** The payload may list only some of its paths (GitHub's limit per commit). */
  cut: boolean;
}
