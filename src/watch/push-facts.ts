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
  /** The commit the branch now points at (`after`). */
  head: string;
  /**
   * Every path the pushed commits added, removed or modified; undefined
   * when the payload cannot list them all (it carries at most 20 commits).
   */
  changedPaths?: ReadonlySet<string>;
}
