import type { AgentBudgets } from "./budgets.js";
import {
  answerPromptTokens,
  tokensForSteps,
} from "../config/tokens-for-steps.js";

/** Which bound ended the run before the model gave its answer. */
export type StopReason = "max_steps" | "token_budget" | "wall_time";

/** What the stop conditions look at, before each step. */
export interface LoopState {
  /** Steps taken (tool calls made, or turns). */
  steps: number;
  /** Tokens spent so far (reported, else counted). */
  tokensUsed: number;
  /** Tokens of the conversation as the next request would send it, tool schemas included. */
  promptTokens: number;
  /** Milliseconds since the run started. */
  elapsedMs: number;
}

/** A stop condition (docs/conventions.md, "Loop control is explicit"): true when the run must not take another step with tools. */
export type StopCondition = (
  state: LoopState,
  budgets: AgentBudgets,
) => boolean;

/** Every step allowed has been taken. */
export const stepLimitReached: StopCondition = (state, budgets) =>
  state.steps >= budgets.maxSteps;

/** Time is up. */
export const wallTimeReached: StopCondition = (state, budgets) =>
  state.elapsedMs >= budgets.wallTimeMs;

/**
 * One more step could leave too little for the answer. A step costs its
 * prompt plus a short tool-call reply; it adds at most one tool result; then
 * the request for the answer costs that longer prompt, the message asking
 * for it, and a full reply: `tokensForSteps` for one step from here, the sum
 * that also says how many steps a run budget allows. Continue only while all
 * of that fits the run's tokens (and, when known, the last request fits the
 * context window), so the answer always has room.
 *
 * @example
 * // 20,000 spent, 15,000 in the conversation, 4,000 per result, 2,000 per answer:
 * // 20,000 + (15,000 + 256) + (15,000 + 256 + 4,000 + 100) + 2,000 = 56,612 ≤ 60,000: go on.
 */
export const tokenBudgetReached: StopCondition = (state, budgets) => {
  const ahead = {
    promptTokens: state.promptTokens,
    toolResultTokens: budgets.toolResultTokens,
    answerTokens: budgets.answerTokens,
  };
  if (state.tokensUsed + tokensForSteps(ahead, 1) > budgets.runTokens)
    return true;
  return (
    budgets.contextTokens !== undefined &&
    answerPromptTokens(ahead, 1) + budgets.answerTokens > budgets.contextTokens
  );
};

const CONDITIONS: ReadonlyArray<readonly [StopReason, StopCondition]> = [
  ["wall_time", wallTimeReached],
  ["max_steps", stepLimitReached],
  ["token_budget", tokenBudgetReached],
];

/**
 * The first bound the run has reached, or `undefined` to take another step.
 *
 * @example
 * firstStopReached({ steps: 8, tokensUsed: 9_000, promptTokens: 6_000, elapsedMs: 12_000 }, budgets) // "max_steps"
 */
export function firstStopReached(
  state: LoopState,
  budgets: AgentBudgets,
): StopReason | undefined {
  return CONDITIONS.find(([, reached]) => reached(state, budgets))?.[0];
}
