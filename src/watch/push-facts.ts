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
}
