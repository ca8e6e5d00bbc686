import type { IssueThread } from "../../src/agent/issue-thread.js";
import type { ThreadComments } from "../../src/conversation/thread-comments.js";

/**
 * A run's comments kept in memory: every body posted or edited, in order
 * (the last is the reply), on an issue with no earlier comments.
 *
 * @example
 * const { comments, bodies } = recordingComments({ title: "Uploads give up too early" });
 * await runQuestion(job, retrievalRunDeps({ clientsFor: async () => ({ comments, … }), clock }));
 * bodies.at(-1) // the reply
 */
export function recordingComments(
  issue: Pick<IssueThread, "title"> & Partial<Pick<IssueThread, "number">>,
) {
  const bodies: string[] = [];
  const comments: ThreadComments = {
    create: async (text) => (bodies.push(text), 1),
    update: async (_id, text) => void bodies.push(text),
    thread: async () => ({
      number: issue.number ?? 1,
      title: issue.title,
      body: null,
      author: { login: "octocat", association: "OWNER" },
      comments: [],
    }),
  };
  return { comments, bodies };
}
