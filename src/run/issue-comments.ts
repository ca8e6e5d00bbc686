import type { IssueThread } from "../agent/issue-thread.js";
import { readAnswerComment } from "../answer/read-answer-comment.js";
import type { RepositoryOnWeb } from "../answer/permalink.js";
import { redactSecrets } from "../policy/redact-secrets.js";
import { settleBy, type Deadline } from "../shared/deadline.js";

/** askcode's one comment on an issue, and the thread it answers. */
export interface IssueComments {
  /** Posts a comment; resolves its id. */
  create(body: string): Promise<number>;
  update(commentId: number, body: string): Promise<void>;
  /**
   * The issue and its comments, oldest first, without the comment that
   * asked; askcode's own answers are marked with what they cited and its
   * notices (progress, failure) left out. Its requests end by the run's
   * `deadline` when given.
   */
  thread(askingCommentId?: number, deadline?: Deadline): Promise<IssueThread>;
}

// The fields read from GitHub's issue and issue comment objects.
// https://docs.github.com/en/rest/issues/issues#get-an-issue
interface RestIssue {
  title: string;
  /** How many comments the issue has: where the newest page is. */
  comments?: number;
  body?: string | null;
  user: { login: string } | null;
  author_association: string;
}

interface RestComment {
  id: number;
  body?: string;
  user: { login: string } | null;
  author_association: string;
  created_at: string;
  /** The rollup of reactions, by content (`"-1"` is 👎). */
  reactions?: Record<string, unknown>;
}

/** The 👎 count of one of askcode's answers, as the thread was read. */
export interface AnswerThumbsDown {
  commentId: number;
  thumbsDown: number;
}

export interface IssueCommentsOptions {
  /** The app's slug: askcode's own comments are `<slug>[bot]`'s (absent: none is recognised). */
  appSlug?: string;
  /**
   * Told the 👎 count of each of askcode's answers in every thread read:
   * GitHub sends no webhook for reactions, so reading a thread is when
   * askcode learns them. Its failure never fails the read.
   */
  answersRead?(
    repository: string,
    answers: readonly AnswerThumbsDown[],
  ): Promise<void>;
}

/** The Octokit calls `createIssueComments` needs; Probot's installation Octokit has them. */
export interface IssuesOctokit {
  request(
    route: string,
    params: Record<string, unknown>,
  ): Promise<{ data: unknown }>;
}

// Earlier comments beyond this many are not read: the thread is trimmed to a
// token share of the first message anyway, and the newest matter most. It is
// also the REST API's largest page.
const MAX_COMMENTS = 100;

/**
 * Issue comments through the REST API, for one issue. Every body posted or
 * edited here has secrets redacted, whatever rendered it (an answer, a
 * progress or failure notice, the repository's config problems): the
 * renderers redact too, and redacting twice changes nothing, but this is
 * the one place no text can go around.
 * https://docs.github.com/en/rest/issues/comments
 */
export function createIssueComments(
  octokit: IssuesOctokit,
  issue: RepositoryOnWeb & { issueNumber: number },
  options: IssueCommentsOptions = {},
): IssueComments {
  const base = { owner: issue.owner, repo: issue.repo };
  const self =
    options.appSlug === undefined
      ? undefined
      : `${options.appSlug.toLowerCase()}[bot]`;
  return {
    async create(body) {
      const { data } = await octokit.request(
        "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
        {
          ...base,
          issue_number: issue.issueNumber,
          body: (await redactSecrets(body)).text,
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
          body: (await redactSecrets(body)).text,
        },
      );
    },
    async thread(askingCommentId, deadline) {
      // The signal aborts a request in flight; the race also ends Octokit's
      // retry and throttle waits, which do not watch it.
      const read = (route: string, params: Record<string, unknown>) =>
        deadline
          ? settleBy(
              octokit.request(route, {
                ...params,
                request: { signal: deadline.signal },
              }),
              deadline.signal,
            )
          : octokit.request(route, params);
      const { data: found } = await read(
        "GET /repos/{owner}/{repo}/issues/{issue_number}",
        { ...base, issue_number: issue.issueNumber },
      );
      const opened = found as RestIssue;
      // Comments are listed oldest first: the newest MAX_COMMENTS are on the
      // last page and the one before it, which the issue's count locates.
      const lastPage = Math.max(
        1,
        Math.ceil((opened.comments ?? 0) / MAX_COMMENTS),
      );
      const pages = lastPage > 1 ? [lastPage - 1, lastPage] : [1];
      const listed = await Promise.all(
        pages.map((page) =>
          read("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
            ...base,
            issue_number: issue.issueNumber,
            per_page: MAX_COMMENTS,
            ...(lastPage > 1 ? { page } : {}),
          }),
        ),
      );
      const all = listed
        .flatMap(({ data }) => data as RestComment[])
        .slice(-MAX_COMMENTS);
      const asking = all.find((comment) => comment.id === askingCommentId);
      const comments: Array<IssueThread["comments"][number]> = [];
      const answers: AnswerThumbsDown[] = [];
      for (const comment of all) {
        if (comment === asking) continue;
        const shown = {
          author: login(comment.user),
          association: comment.author_association,
          body: comment.body ?? "",
          createdAt: comment.created_at,
        };
        if (shown.author.toLowerCase() !== self) {
          comments.push(shown);
          continue;
        }
        // askcode's own progress, failure and interrupted notices say
        // nothing about the code (one is this run's progress comment): left out.
        const answer = readAnswerComment(shown.body, issue);
        if (!answer) continue;
        comments.push({ ...shown, askcodeAnswer: answer });
        answers.push({
          commentId: comment.id,
          thumbsDown: thumbsDown(comment.reactions),
        });
      }
      if (answers.length > 0)
        await options
          .answersRead?.(`${issue.owner}/${issue.repo}`, answers)
          .catch(() => undefined);
      const author = {
        login: login(opened.user),
        association: opened.author_association,
      };
      // Who wrote the asking text: its comment's author, or the issue's when
      // the issue itself asked (a mention in it, a mission label). A comment
      // older than the newest MAX_COMMENTS is not read: its author stays unknown.
      const asker =
        asking !== undefined
          ? {
              login: login(asking.user),
              association: asking.author_association,
            }
          : askingCommentId === undefined
            ? author
            : undefined;
      return {
        number: issue.issueNumber,
        title: opened.title,
        body: opened.body ?? null,
        author,
        comments,
        ...(asker ? { asker } : {}),
        ...(options.appSlug !== undefined ? { appSlug: options.appSlug } : {}),
        // The issue counts every comment; those before the pages read were not.
        ...((opened.comments ?? 0) > all.length
          ? { commentsNotRead: (opened.comments ?? 0) - all.length }
          : {}),
      };
    },
  };
}

// GitHub's rollup counts each reaction content under its name; 👎 is "-1".
// https://docs.github.com/en/rest/reactions/reactions#about-reactions
function thumbsDown(reactions: Record<string, unknown> | undefined): number {
  const count = reactions?.["-1"];
  return typeof count === "number" && count > 0 ? count : 0;
}

// A deleted account shows as GitHub's "ghost" user.
function login(user: { login: string } | null): string {
  return user?.login ?? "ghost";
}
