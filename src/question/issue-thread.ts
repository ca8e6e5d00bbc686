// The thread a question was asked in, as plain data: conversation/ reads it,
// question/ decides on it, agent/ renders it for the model
// (render-issue-thread.ts).

/** One of askcode's earlier answers, as a follow-up question reads it. */
export interface EarlierAnswer {
  /** The answer's Markdown, without the "Context used" section and the footer. */
  text: string;
  /**
   * The places it cited with a permalink, each once, in the order cited:
   * `path:lines @ commit` (`src/retry.ts:12-20 @ 9fceb02`).
   */
  cited: string[];
}

/** Who wrote a part of the thread: a login and GitHub's `author_association` for it. */
export interface ThreadAuthor {
  login: string;
  /** `OWNER`, `MEMBER`, `NONE`, …; absent when the source did not say. */
  association?: string;
}

/** One comment of an issue thread, as written. */
export interface ThreadComment {
  /** The comment's id, when the read asked for it (`ThreadReadOptions.commentIds`). */
  id?: number;
  author: string;
  association?: string;
  body: string;
  createdAt?: string;
  /** Set when the comment is one of askcode's own answers: the answer and the places it cited. */
  askcodeAnswer?: EarlierAnswer;
}

/** The issue a question was asked in: its title, description and earlier comments, as written. */
export interface IssueThread {
  number?: number;
  title: string;
  body: string | null;
  /** Who opened the issue. */
  author?: ThreadAuthor;
  /**
   * Oldest first, without the comment that asked the question, nor askcode's
   * own notices (progress, failure): its answers stay, marked as such.
   */
  comments: ReadonlyArray<ThreadComment>;
  /** Who wrote the text that asked: the asking comment's author, or the issue's when the issue asked. */
  asker?: ThreadAuthor;
  /** Earlier comments the source did not read at all (beyond what it fetches); absent: none. */
  commentsNotRead?: number;
  /** The app's slug, when the source knew it: a mention of it asks askcode when the repository names no other handle. */
  appSlug?: string;
}
