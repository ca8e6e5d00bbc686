import { Counter, type Registry } from "prom-client";

/** How readers react to askcode's answers, as askcode learns it. */
export interface AnswerReactionMetrics {
  /** `count` new reactions of `reaction` ("-1" is 👎) on answers in `repository` ("owner/repo"). */
  reacted(repository: string, reaction: "-1", count: number): void;
}

/**
 * The reactions counter, registered on `registry`. GitHub sends no webhook
 * for reactions, so it grows when askcode next reads a thread
 * (`countAnswerReactions`), not when someone reacts.
 *
 * @example
 * const reactions = createAnswerReactionMetrics(registry);
 * reactions.reacted("octo/app", "-1", 2);
 * // askcode_answer_reactions_total{repository="octo/app",reaction="-1"} 2
 */
export function createAnswerReactionMetrics(
  registry: Registry,
): AnswerReactionMetrics {
  const reactions = new Counter({
    name: "askcode_answer_reactions_total",
    help: "Reactions on askcode's answers (reaction=\"-1\" is a thumbs-down), counted when askcode next reads the answer's thread: GitHub sends no webhook for reactions.",
    labelNames: ["repository", "reaction"] as const,
    registers: [registry],
  });
  return {
    reacted: (repository, reaction, count) => {
      if (count > 0) reactions.inc({ repository, reaction }, count);
    },
  };
}
