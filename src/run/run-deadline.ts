import type { RunSettings } from "../missions/resolve-run-settings.js";
import type { Clock } from "../shared/clock.js";
import { createDeadline, type Deadline } from "../shared/deadline.js";

/**
 * The deadline of one run, from its settings' `wall_time_seconds` (the
 * repository's budget, or its mission's): every request of the run, GitHub's
 * and the model's, ends by then.
 *
 * @example
 * const deadline = startRunDeadline(settings, clock); // settings.budgets.wall_time_seconds: 180
 * deadline.remainingMs() // 180_000
 */
export function startRunDeadline(
  settings: Pick<RunSettings, "budgets">,
  clock: Clock,
): Deadline {
  return createDeadline(clock, settings.budgets.wall_time_seconds * 1000);
}
