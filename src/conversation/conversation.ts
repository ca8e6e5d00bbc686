import type { IssueThread } from "../question/issue-thread.js";
import type { PullRequestFacts } from "../code-host/pull-request-facts.js";
import type { ReviewCommentFacts } from "../question/trigger-types.js";
import type { Deadline } from "../shared/deadline.js";

/**
 * The place a question was asked, as a run sees it: an issue's or a pull
 * request's conversation, a review thread on a line, or a discussion. A run
 * reads the thread, acknowledges, and posts and edits its one reply here,
 * whatever the place; `openConversation` picks the implementation (REST for
 * issues, pull requests and review threads, GraphQL for Discussions). Every
 * body posted or edited has askcode's secrets redacted at this boundary.
 */
export interface Conversation {
  /** The 👀 reaction on what asked: the comment, the review comment, the issue, the discussion. */
  acknowledge(): Promise<void>;
  /**
   * The thread without the comment that asked, oldest first; askcode's
   * earlier answers marked with what they cited, its notices left out. Its
   * requests end by `deadline` when given.
   */
  readThread(deadline?: Deadline): Promise<IssueThread>;
  /** Posts askcode's reply (in the review thread or discussion thread that asked); resolves its id. */
  create(body: string): Promise<number>;
  /** Edits one of askcode's replies. */
  update(commentId: number, body: string): Promise<void>;
  /** Deletes one of askcode's replies (absent: the place cannot, and the reply stays). */
  remove?(commentId: number): Promise<void>;
  /** One of askcode's replies as it is now; undefined when it is gone (absent: the place cannot say). */
  read?(commentId: number): Promise<string | undefined>;
  /** The pull request the question was asked on, with its changed files; undefined anywhere else. */
  readPullRequest(deadline?: Deadline): Promise<PullRequestFacts | undefined>;
  /**
   * On a pull request, the note for an answer that read `sha` while the head
   * moved on; undefined when it did not move or the place is not a pull
   * request. Rejects when the head cannot be read, for the run to log.
   */
  headMovedNote(sha: string): Promise<string | undefined>;
  /** The review comment on a line that asked, with its hunk; undefined anywhere else. */
  readonly reviewLine: ReviewCommentFacts | undefined;
}
