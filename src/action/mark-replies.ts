import type { QuestionJob } from "../question/question-job.js";
import type { InstallationClients } from "../run/run-question-deps.js";
import { withReplyMarker } from "./reply-marker.js";

/** The Action's clients, whose replies carry their trigger's marker, and the reply the run left. */
export interface MarkedReplies {
  clientsFor(job: QuestionJob): Promise<InstallationClients>;
  /** The comment the run posted or last edited, and the body it was given; undefined: none yet. */
  last(): { commentId: number; body: string } | undefined;
}

/**
 * Wraps the clients a run is handed so that every body posted or edited in
 * the conversation opens with the marker of the trigger it answers
 * (`withReplyMarker`), and remembers the last reply, for the Action's
 * outputs (`answer-url`, `context-report`). The run itself is the App's,
 * unchanged: progress, answer and failure replies all pass here.
 *
 * @example
 * const marked = markReplies(createClientsFor(parts));
 * const steps = createQuestionSteps({ ...parts, clientsFor: marked.clientsFor });
 */
export function markReplies(
  clientsFor: (job: QuestionJob) => Promise<InstallationClients>,
): MarkedReplies {
  let last: { commentId: number; body: string } | undefined;
  return {
    last: () => last,
    async clientsFor(job) {
      const clients = await clientsFor(job);
      const { conversation } = clients;
      return {
        ...clients,
        conversation: {
          ...conversation,
          async create(body) {
            const marked = withReplyMarker(body, job.triggerId);
            const commentId = await conversation.create(marked);
            last = { commentId, body: marked };
            return commentId;
          },
          async update(commentId, body) {
            const marked = withReplyMarker(body, job.triggerId);
            await conversation.update(commentId, marked);
            last = { commentId, body: marked };
          },
        },
      };
    },
  };
}
