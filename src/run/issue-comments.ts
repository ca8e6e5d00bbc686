import type { IssueThread } from "../agent/issue-thread.js";

/** askcode's one comment on an issue, and the thread it answers. */
export interface IssueComments {
  /** Posts a comment; resolves its id. */
  create(body: string): Promise<number>;
  update(commentId: number, body: string): Promise<void>;
  /** The issue and its comments, oldest first, without the comment that asked. */
  thread(askingCommentId?: number): Promise<IssueThread>;
}

/** The Octokit calls `createIssueComments` needs; Probot's installation Octokit has them. */
export interface IssuesOctokit {
  request(
    route: string,
    params: Record<string, unknown>,
  ): Promise<{ data: unknown }>;
}

// Earlier comments beyond this many are not read: the thread is trimmed to a
// token share of the first message anyway, and the newest matter most.
const MAX_COMMENTS = 100;

/**
 * Issue comments through the REST API, for one issue.
 * https://docs.github.com/en/rest/issues/comments
 */
export function createIssueComments(
  octokit: IssuesOctokit,
  issue: { owner: string; repo: string; issueNumber: number },
): IssueComments {
  const base = { owner: issue.owner, repo: issue.repo };
  return {
    async create(body) {
      const { data } = await octokit.request(
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
        {
          ...base,
          issue_number: issue.issueNumber,
          body,
        },
      );
      return (data as { id: number }).id;
    },
    async update(commentId, body) {
      await octokit.request(
        "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}",
        {
          ...base,
          comment_id: commentId,
          body,
        },
      );
    },
    async thread(askingCommentId) {
      const [{ data: found }, { data: listed }] = await Promise.all([
        octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}", {
          ...base,
          issue_number: issue.issueNumber,
        }),
        octokit.request(
          "GET /repos/{owner}/{repo}/issues/{issue_number}/comments",
          {
            ...base,
            issue_number: issue.issueNumber,
            per_page: MAX_COMMENTS,
          },
        ),
      ]);
      const { title, body } = found as { title: string; body: string | null };
      const comments = (
        listed as Array<{
          id: number;
          body?: string;
          user: { login: string } | null;
          created_at: string;
        }>
      )
        .filter((comment) => comment.id !== askingCommentId)
        .map((comment) => ({
          author: comment.user?.login ?? "ghost",
          body: comment.body ?? "",
          createdAt: comment.created_at,
        }));
      return { number: issue.issueNumber, title, body, comments };
    },
  };
}
