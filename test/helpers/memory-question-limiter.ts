import type { Clock } from "../../src/shared/clock.js";
import { admitQuestion } from "../../src/storage/question-limiter/admit-question.js";
import type { QuestionLimiter } from "../../src/storage/question-limiter/question-limiter.js";

/**
 * The question limiter of a single process that keeps nothing: counts in
 * memory, forgotten at restart (unit tests; a deployment keeps its counts
 * in the embedded store or Redis). Entries of past hours are dropped as
 * questions come, so the map holds one hour's askers at most.
 *
 * @example
 * const limiter = createMemoryQuestionLimiter({ clock: systemClock });
 * await limiter.admit("comment:1", [{ scope: "user", name: "octocat", limit: 20 }]);
 */
export function createMemoryQuestionLimiter(options: {
  clock: Pick<Clock, "now">;
}): QuestionLimiter {
  const values = new Map<string, { value: number; expiresAt: number }>();
  return {
    async admit(triggerId, counters) {
      const now = options.clock.now();
      for (const [key, entry] of values)
        if (entry.expiresAt <= now) values.delete(key);
      return admitQuestion(
        {
          get: (key) => values.get(key)?.value,
          set: (key, value, expiresAt) => values.set(key, { value, expiresAt }),
        },
        triggerId,
        counters,
        now,
      );
    },
  };
}
