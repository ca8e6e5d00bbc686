/** The two comment calls a run's comment needs (`IssueComments` has them). */
export interface CommentWriter {
  create(body: string): Promise<number>;
  update(commentId: number, body: string): Promise<void>;
}

/** One run's comment, written only through here so a shutdown can take it over. */
export interface RunComment {
  /** Posts the comment (the interrupted notice instead, if the run was already interrupted). */
  post(body: string): Promise<void>;
  /** Replaces the comment's body; does nothing once the run was interrupted. */
  edit(body: string): Promise<void>;
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
  start(comments: CommentWriter, interruptedBody: string): RunComment;
  /** Interrupts every open run; resolves once each notice was written (or failed). */
  interruptAll(): Promise<void>;
  /** Runs started and not finished. */
  readonly size: number;
}

export function createInFlightRuns(log: {
  error(meta: object, message: string): void;
}): InFlightRuns {
  const open = new Set<{ interrupt(): Promise<void> }>();
  return {
    get size() {
      return open.size;
    },
    start(comments, interruptedBody) {
      let commentId: number | undefined;
      let state: "running" | "interrupted" | "finished" = "running";
      let writes: Promise<void> = Promise.resolve();
      // Each write waits for the one before; a failed write does not stop the next.
      const enqueue = (write: () => Promise<void>) => {
        const done = writes.then(write);
        writes = done.catch(() => undefined);
        return done;
      };
      const run = {
        interrupt: () => {
          if (state !== "running") return writes;
          state = "interrupted";
          return enqueue(async () => {
            if (commentId !== undefined)
              await comments.update(commentId, interruptedBody);
          }).catch((error: unknown) =>
            log.error(
              { err: error },
              "askcode could not mark an answer as interrupted",
            ),
          );
        },
      };
      open.add(run);
      return {
        post: (body) =>
          enqueue(async () => {
            commentId = await comments.create(
              state === "interrupted" ? interruptedBody : body,
            );
          }),
        edit: (body) =>
          enqueue(async () => {
            if (state === "running" && commentId !== undefined)
              await comments.update(commentId, body);
          }),
        finish() {
          if (state === "running") state = "finished";
          open.delete(run);
        },
      };
    },
    async interruptAll() {
      await Promise.all([...open].map((run) => run.interrupt()));
    },
  };
}
