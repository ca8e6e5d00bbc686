import type { AnswerReactionMetrics } from "../metrics/answer-reaction-metrics.js";
import type { ReactionMemory } from "../storage/reaction-memory/reaction-memory.js";

/** An answer of askcode's and its 👎 count, as the thread reader reports it (declared here: metrics/ imports no conversation/ type, and the shape is structural). */
export interface AnswerThumbsDown {
  commentId: number;
  thumbsDown: number;
}

export interface CountAnswerReactionsDeps {
  memory: ReactionMemory;
  metrics: AnswerReactionMetrics;
  log: { warn(meta: object, message: string): void };
}

/**
 * What `createIssueComments` calls with the 👎 counts of askcode's answers
 * in every thread it reads: adds to `askcode_answer_reactions_total` what
 * is new since askcode last read each answer. GitHub sends no webhook for
 * reactions, so this is the only time askcode learns them. A 👎 taken back
 * is not subtracted (a counter only grows); added again, it counts again.
 * A memory that fails is logged and the read goes on: a metric never costs
 * an answer.
 *
 * @example
 * createIssueComments(octokit, job, { appSlug, answersRead: countAnswerReactions({ memory, metrics, log }) })
 */
export function countAnswerReactions(
  deps: CountAnswerReactionsDeps,
): (repository: string, answers: readonly AnswerThumbsDown[]) => Promise<void> {
  return async (repository, answers) => {
    try {
      for (const { commentId, thumbsDown } of answers) {
        const before = await deps.memory.swap(commentId, thumbsDown);
        deps.metrics.reacted(repository, "-1", thumbsDown - before);
      }
    } catch (error) {
      deps.log.warn(
        { err: error, repository },
        "askcode could not count the reactions on its answers",
      );
    }
  };
}
