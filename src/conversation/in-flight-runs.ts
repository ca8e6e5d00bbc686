import { renderAnswerMovedComment } from "../answer/render-answer-moved-comment.js";
import { systemClock, type Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import {
  DEFAULT_COMMENT_WRITE_POLICY,
  retryCommentWrite,
  type CommentWritePolicy,
} from "./retry-comment-write.js";

/** The comment calls a run's comment needs (`ThreadComments` has them). */
export interface CommentWriter {
  create(body: string): Promise<number>;
  update(commentId: number, body: string): Promise<void>;
  /** Deletes a comment (absent: a comment that cannot be edited stays as it is). */
  remove?(commentId: number): Promise<void>;
}

/**
 * Where an earlier attempt of the same job left its comment, and how to tell
 * later attempts where this one's is: a job retried, or taken up by another
 * replica after its worker died, edits the one comment rather than adding a
 * second.
 */
export interface CommentResume {
  /** The comment an earlier attempt posted; undefined: none did. */
  commentId?: number;
  /** Called once this run posted its comment (a failure is logged, not thrown: it costs only a resumed run's reuse). */
  remember?(commentId: number): Promise<void>;
}

/** One run's comment, written only through here so a shutdown can take it over. */
export interface RunComment {
  /**
   * Posts the comment (the interrupted notice instead, if the run was
   * already interrupted). A resumed run edits the comment of the earlier
   * attempt instead; only if that comment is gone (deleted) is a new one posted.
   */
  post(body: string): Promise<void>;
  /**
   * For a run that shows no progress comment (`progress: reaction` or
   * `none`): nothing is posted now, and the reply is the first comment.
   * A resumed run's reply edits the earlier attempt's comment instead. If
   * the run is interrupted before its reply (now, or by a shutdown later),
   * the interrupted notice is posted as a new comment, so the question
   * still gets its one reply.
   */
  hold(): Promise<void>;
  /** Replaces the comment's body; does nothing once the run was interrupted. */
  edit(body: string): Promise<void>;
  /**
   * The run's reply (its answer, or why there is none), made to land: the
   * edit is retried, while the run's `deadline` (when given) leaves time for
   * the wait; if it still fails, the reply is posted as a new comment and
   * the old one is edited once more to point at it, or deleted when GitHub
   * refuses that edit too, so no comment reads "Searching the code…" beside
   * the reply. Resolves the id of the comment the reply is in; undefined
   * when the run was interrupted, and nothing was delivered. Rejects only
   * when nothing landed.
   */
  deliver(
    body: string,
    deadline?: Pick<Deadline, "remainingMs">,
  ): Promise<number | undefined>;
  /** The run has made its last edit: a shutdown leaves its comment alone. */
  finish(): void;
}

/**
 * The runs whose comments are open, for the shutdown to reach: after the
 * grace period, `interruptAll` edits each open comment into the interrupted
 * notice. A run's writes go one after another, so the notice lands after
 * any edit already sent, and the run's later edits are dropped, so a late
 * progress message cannot replace the notice.
 */
export interface InFlightRuns {
  start(
    comments: CommentWriter,
    interruptedBody: string,
    resume?: CommentResume,
  ): RunComment;
  /**
   * Interrupts every open run, and every run started from now on; resolves
   * once each notice was written (or failed).
   */
  interruptAll(): Promise<void>;
  /** Runs started and not finished. */
  readonly size: number;
}

export interface InFlightRunsOptions {
  /** Every wait between write retries goes through this (default: the system clock). */
  clock?: Clock;
  /** How the reply's edit is retried (default: three retries over seven seconds). */
  writePolicy?: CommentWritePolicy;
}

export function createInFlightRuns(
  log: {
    warn(meta: object, message: string): void;
    error(meta: object, message: string): void;
  },
  options: InFlightRunsOptions = {},
): InFlightRuns {
  const clock = options.clock ?? systemClock;
  const policy = options.writePolicy ?? DEFAULT_COMMENT_WRITE_POLICY;
  const open = new Set<{ interrupt(): Promise<void> }>();
  // Set by `interruptAll`: a run that starts later (its job was still being
  // accepted or acknowledged when the grace period ended) is interrupted
  // from its first write, so its progress comment cannot land after the
  // notices and stay there when the process exits.
  let closed = false;
  return {
    get size() {
      return open.size;
    },
    start(comments, interruptedBody, resume = {}) {
      let commentId: number | undefined;
      let state: "running" | "interrupted" | "finished" = closed
        ? "interrupted"
        : "running";
      // The reply landed: a notice arriving later must not replace it.
      let delivered = false;
      const running = () => state === "running";
      // Set by `hold`: no comment is shown while the run works, so an
      // interruption has to post its notice rather than edit one.
      let held = false;
      let writes: Promise<unknown> = Promise.resolve();
      // Each write waits for the one before; a failed write does not stop the next.
      const enqueue = <T>(write: () => Promise<T>): Promise<T> => {
        const done = writes.then(write);
        writes = done.catch(() => undefined);
        return done;
      };
      const run = {
        interrupt: () => {
          if (state !== "running") return writes.then(() => undefined);
          state = "interrupted";
          return enqueue(async () => {
            if (delivered) return;
            if (commentId !== undefined)
              await comments.update(commentId, interruptedBody);
            else if (held) await postFirst(interruptedBody);
          }).catch((error: unknown) =>
            log.error(
              { err: error },
              "askcode could not mark an answer as interrupted",
            ),
          );
        },
      };
      open.add(run);
      // The run's first comment: the earlier attempt's, edited, while it
      // exists; else a new one, remembered for a later attempt.
      const postFirst = async (text: string) => {
        if (resume.commentId !== undefined) {
          try {
            await comments.update(resume.commentId, text);
            commentId = resume.commentId;
            return;
          } catch (error) {
            if (!isNotFound(error)) throw error;
            log.warn(
              { commentId: resume.commentId },
              "askcode's comment from an earlier attempt is gone; posting a new one",
            );
          }
        }
        commentId = await comments.create(text);
        await remember(commentId);
      };
      const remember = (id: number) =>
        resume
          .remember?.(id)
          .catch((error: unknown) =>
            log.warn(
              { err: error, commentId: id },
              "askcode could not record its comment in the job; a resumed run would post another",
            ),
          );
      return {
        post: (body) =>
          enqueue(() =>
            postFirst(state === "interrupted" ? interruptedBody : body),
          ),
        hold: () =>
          enqueue(async () => {
            held = true;
            if (state === "interrupted") await postFirst(interruptedBody);
            // The reply edits what an earlier attempt left, not a second comment.
            else commentId = resume.commentId;
          }),
        edit: (body) =>
          enqueue(async () => {
            if (state === "running" && commentId !== undefined)
              await comments.update(commentId, body);
          }),
        deliver: (body, deadline) =>
          enqueue(async () => {
            const stale = commentId;
            if (!running()) return undefined;
            if (stale !== undefined) {
              try {
                delivered = await retryCommentWrite(
                  () => comments.update(stale, body),
                  {
                    clock,
                    policy,
                    stillWanted: running,
                    ...(deadline ? { deadline } : {}),
                    log,
                  },
                );
                return delivered ? stale : undefined;
              } catch (error) {
                log.error(
                  { err: error, commentId: stale },
                  "askcode could not edit its comment with the reply; posting the reply as a new comment",
                );
              }
            }
            // The edit cannot land: the reply goes out on its own. If this
            // fails too, the job fails with both errors in the log.
            const posted = await comments.create(body);
            delivered = true;
            if (stale === undefined) {
              // The first comment of a run that showed none: a resumed
              // attempt edits it rather than answering twice.
              commentId = posted;
              await remember(posted);
              return posted;
            }
            // Once, so the old comment does not read "Searching the code…"
            // for ever; if GitHub refuses that edit too, the old comment
            // goes, and a third failure changes nothing the asker needs.
            await comments
              .update(stale, renderAnswerMovedComment(posted))
              .catch(async (error: unknown) => {
                log.warn(
                  { err: error, commentId: stale, replyId: posted },
                  "askcode could not point its old comment at the new reply; deleting it",
                );
                await comments
                  .remove?.(stale)
                  .catch((removal: unknown) =>
                    log.warn(
                      { err: removal, commentId: stale, replyId: posted },
                      "askcode could not delete its old comment either",
                    ),
                  );
              });
            return posted;
          }),
        finish() {
          if (state === "running") state = "finished";
          open.delete(run);
        },
      };
    },
    async interruptAll() {
      closed = true;
      await Promise.all([...open].map((run) => run.interrupt()));
    },
  };
}

/** GitHub's answer for a comment that no longer exists. */
function isNotFound(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 404;
}
