import type { IssueThread } from "../question/issue-thread.js";
import { readAnswerComment } from "../answer/read-answer-comment.js";
import type { RepositoryOnWeb } from "../shared/permalink.js";

// The fields read from GitHub's issue and comment objects (an issue comment
// and a pull request review comment share them).
// https://docs.github.com/en/rest/issues/issues#get-an-issue
export interface RestIssue {
  title: string;
  /** How many comments the issue has: where the newest page is. */
  comments?: number;
  body?: string | null;
  user: { login: string } | null;
  author_association: string;
}

export interface RestComment {
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

export interface ThreadReadOptions {
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
  /**
   * Each comment carries its id (`ThreadComment.id`): the Action edits its
   * own unfinished reply, found in the thread, rather than adding a second.
   */
  commentIds?: boolean;
  /**
   * Whether a comment by askcode's login is askcode's. The Action on the
   * workflow's token shares `github-actions[bot]` with every workflow of the
   * repository, so only its comments that carry its reply marker are its
   * own; another workflow's comment is read as anyone's. Absent: every
   * comment by the login is askcode's (an App's login is its alone).
   */
  isOwnComment?(body: string): boolean;
}

/**
 * The thread the model reads, from an issue (or pull request) and the
 * comments read under it, oldest first: the asking comment left out (its
 * author is the asker), askcode's answers marked with what they cited and
 * their 👎 counts reported, its notices (progress, failure, interrupted)
 * left out. One reading for every place askcode answers in: an issue's
 * conversation and a review thread on a line.
 *
 * @example
 * await threadFromComments(issue, comments, 4242, { ...repository, issueNumber: 1 }, { appSlug: "askcode" })
 * // { number: 1, title: "Upload times out", comments: [...], asker: { login: "alice", … } }
 */
export async function threadFromComments(
  opened: RestIssue,
  all: readonly RestComment[],
  askingCommentId: number | undefined,
  issue: RepositoryOnWeb & { issueNumber: number },
  options: ThreadReadOptions & { commentsNotRead?: number },
): Promise<IssueThread> {
  const self =
    options.appSlug === undefined
      ? undefined
      : `${options.appSlug.toLowerCase()}[bot]`;
  const asking = all.find((comment) => comment.id === askingCommentId);
  const comments: Array<IssueThread["comments"][number]> = [];
  const answers: AnswerThumbsDown[] = [];
  for (const comment of all) {
    if (comment === asking) continue;
    const shown = {
      ...(options.commentIds ? { id: comment.id } : {}),
      author: login(comment.user),
      association: comment.author_association,
      body: comment.body ?? "",
      createdAt: comment.created_at,
    };
    const own =
      shown.author.toLowerCase() === self &&
      (options.isOwnComment?.(shown.body) ?? true);
    if (!own) {
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
  // answersRead counts reactions (countAnswerReactions) and logs its own
  // failures; this guard keeps a metric from ever failing the thread's read.
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
  // older than those read is not known: its author stays unknown.
  const asker =
    asking !== undefined
      ? { login: login(asking.user), association: asking.author_association }
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
    ...(options.commentsNotRead
      ? { commentsNotRead: options.commentsNotRead }
      : {}),
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
