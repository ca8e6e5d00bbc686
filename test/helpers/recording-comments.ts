import type { IssueThread } from "../../src/question/issue-thread.js";
import type { ThreadComments } from "../../src/conversation/thread-comments.js";

/**
 * A run's comments kept in memory: every body posted or edited, in order
 * (the last is the reply), on an issue with the comments given (none by
 * default); and every
 * call as `create <body>` or `update <id> <body>`. A new comment gets the id
 * `createdId` (default 1).
 *
 * @example
 * const { comments, bodies } = recordingComments({ title: "Uploads give up too early" });
 * await runQuestion(job, retrievalRunDeps({ clientsFor: async () => ({ comments, … }), clock }));
 * bodies.at(-1) // the reply
 */
export function recordingComments(
  issue: Pick<IssueThread, "title"> &
    Partial<Pick<IssueThread, "number" | "body" | "comments">>,
  createdId = 1,
) {
  const bodies: string[] = [];
  const calls: string[] = [];
  const comments: ThreadComments = {
    create: async (text) => {
      bodies.push(text);
      calls.push(`create ${text}`);
      return createdId;
    },
    update: async (id, text) => {
      bodies.push(text);
      calls.push(`update ${id} ${text}`);
    },
    thread: async () => ({
      number: issue.number ?? 1,
      title: issue.title,
      body: issue.body ?? null,
      author: { login: "octocat", association: "OWNER" },
      comments: issue.comments ?? [],
    }),
  };
  return { comments, bodies, calls };
}
