import type { RunSettings } from "./resolve-run-settings.js";

/**
 * The settings with `run` as the run's token budget, and the first
 * message's context and each tool result within it, since both are spent
 * from it: what `/deeper` raises the budget with, and what a model budget
 * with less left than the run's own lowers it to.
 *
 * @example
 * withRunTokens(settings, 20_000) // settings: context 12000, tool_result 4000, run 300000
 * // { …settings, budgets: { …, run: 20000, context: 12000, tool_result: 4000 } }
 */
export function withRunTokens(settings: RunSettings, run: number): RunSettings {
  return {
    ...settings,
    budgets: {
      ...settings.budgets,
      run,
      context: Math.min(settings.budgets.context, run),
      tool_result: Math.min(settings.budgets.tool_result, run),
    },
  };
}
