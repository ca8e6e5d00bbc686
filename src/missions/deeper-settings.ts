import { MAX_STEPS } from "../config/budget-limits.js";
import type { RunSettings } from "./resolve-run-settings.js";
import { withRunTokens } from "./with-run-tokens.js";

/**
 * The settings of a `/deeper` run: twice the tool calls (at most
 * `MAX_STEPS`), twice the run's token budget (at most the operator's
 * `maxRunTokens`, the ceiling no repository or command can raise), and
 * twice the first message's context, which stays within half the model's
 * context window and within the run's budget it is spent from.
 *
 * @example
 * deeperSettings(settings, { maxRunTokens: 400_000 }) // settings: context 12000, run 300000, 8 steps
 * // { …settings, maxSteps: 16, budgets: { …, context: 24000, run: 400000 } }
 */
export function deeperSettings(
  settings: RunSettings,
  operator: { maxRunTokens?: number },
): RunSettings {
  const run = Math.min(
    settings.budgets.run * 2,
    operator.maxRunTokens ?? Number.POSITIVE_INFINITY,
  );
  return withRunTokens(
    {
      ...settings,
      maxSteps: Math.min(settings.maxSteps * 2, MAX_STEPS),
      budgets: {
        ...settings.budgets,
        context: Math.min(
          settings.budgets.context * 2,
          Math.floor(settings.contextWindow / 2),
        ),
      },
    },
    run,
  );
}
