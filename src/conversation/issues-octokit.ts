/** The Octokit calls `createIssueComments` needs; Probot's installation Octokit has them. */
export interface IssuesOctokit {
  request(
    route: string,
    params: Record<string, unknown>,
  ): Promise<{ data: unknown }>;
}
