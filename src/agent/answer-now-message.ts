import type { AgentBudgets } from "./budgets.js";
import type { StopReason } from "./stop-conditions.js";

/**
 * The message that asks the model, without tools, for its best answer once a
 * bound is reached. It names the bound, so the model can say the answer may
 * be incomplete and why.
 *
 * @example
 * answerNowMessage("max_steps", budgets)
 * // "You have used all 8 tool steps this run allows. Answer the question now, without tools, …"
 */
export function answerNowMessage(
  reason: StopReason,
  budgets: AgentBudgets,
): string {
  const bound = {
    max_steps: `You have used all ${budgets.maxSteps} tool steps this run allows.`,
    token_budget: `This run's token budget (${budgets.runTokens.toLocaleString("en-US")} tokens) is nearly spent.`,
    wall_time: `This run's time limit (${Math.round(budgets.wallTimeMs / 1000)} s) is up.`,
  }[reason];
  return (
    `${bound} Answer the question now, without tools, from what you have been shown. ` +
    "Cite only lines you were shown, with their exact line numbers. " +
    "If something you needed could not be checked, say so in one sentence."
  );
}
