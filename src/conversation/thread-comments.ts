import type { IssueThread } from "../question/issue-thread.js";
import type { OwnSecret } from "../policy/find-own-secrets.js";
import type { Deadline } from "../shared/deadline.js";
import type { ThreadReadOptions } from "./thread-from-comments.js";

/**
 * askcode's comments in the thread of one place (an issue or pull request's
 * conversation, a review thread, a discussion), and the thread they answer.
 * One implementation per place: `createIssueComments`,
 * `createReviewThreadComments`, `createDiscussionComments`; a run reaches
 * them through its `Conversation`.
 */
export interface ThreadComments {
  /** Posts a comment; resolves its id. */
  create(body: string): Promise<number>;
  update(commentId: number, body: string): Promise<void>;
  /** Deletes one of askcode's comments (absent: it cannot, and the comment stays). */
  remove?(commentId: number): Promise<void>;
  /** The body of one of askcode's comments as it is now; undefined when it is gone. */
  read?(commentId: number): Promise<string | undefined>;
  /**
   * The issue (or pull request, or discussion) and its comments, oldest first, without the comment that
   * asked; askcode's own answers are marked with what they cited and its
   * notices (progress, failure) left out. Its requests end by the run's
   * `deadline` when given.
   */
  thread(askingCommentId?: number, deadline?: Deadline): Promise<IssueThread>;
}

/** askcode's answers and their 👎 counts are recognised in any thread it reads. */
export type ThreadCommentsOptions = ThreadReadOptions & {
  /** askcode's own secrets, never posted (`OperatorConfig.ownSecrets`). */
  ownSecrets?: readonly OwnSecret[];
};
