import type { Clock } from "../shared/clock.js";
import {
  counterKey,
  countedKey,
  hourWindow,
  type QuestionLimiter,
} from "./question-limiter.js";

/**
 * The question limiter of a single replica: counts in this process's
 * memory, forgotten at restart. Entries of past hours are dropped as
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
      const hour = hourWindow(now);
      const counted = countedKey(triggerId, hour.name);
      if (values.has(counted)) return { allowed: true };
      const set = (key: string, value: number) =>
        values.set(key, { value, expiresAt: hour.endsAt });
      for (const counter of counters) {
        const key = counterKey(counter, hour.name);
        if ((values.get(key)?.value ?? 0) < counter.limit) continue;
        const notified = `${key}:notified`;
        const notify = !values.has(notified);
        set(notified, 1);
        return { allowed: false, counter, resetsAt: hour.endsAt, notify };
      }
      for (const counter of counters) {
        const key = counterKey(counter, hour.name);
        set(key, (values.get(key)?.value ?? 0) + 1);
      }
      set(counted, 1);
      return { allowed: true };
    },
  };
}
