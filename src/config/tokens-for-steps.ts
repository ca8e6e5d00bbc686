import type { Budgets } from "./repo-config-schema.js";
import { ANSWER_TOKENS } from "./budget-limits.js";

// What a run with a repository's budgets spends, reckoned before it starts:
// config/ reports budgets too small for `max_steps` with it, and the agent
// loop (agent/stop-conditions.ts) stops by the same sums.

/**
 * Tokens kept for the assistant message that carries a tool call (its name
 * and arguments), when looking ahead: such messages are short.
 */
export const TOOL_CALL_RESERVE = 256;

/** Tokens kept for the message that asks for the answer at a bound. */
export const ANSWER_NOW_RESERVE = 100;

/**
 * Tokens kept for the system prompt and the tool schemas in a request, when
 * a run's cost is reckoned from its budgets before it starts: measured at
 * 1,351 for a question and 1,930 for the longest shipped mission
 * (test/unit/config/tokens-for-steps.test.ts holds them to it).
 */
export const PROMPT_ALLOWANCE = 2_500;

/** What a run's cost grows from: its first prompt, and the size of what each step adds. */
export interface RunShape {
  /** Tokens of the first request's prompt: system prompt, tool schemas and first message. */
  promptTokens: number;
  /** Tokens one tool result may have. */
  toolResultTokens: number;
  /** Tokens the answer may have. */
  answerTokens: number;
}

/**
 * The shape of a run with these budgets of `.github/askcode.yml` or a
 * mission: its first message is packed to `context`, beside the system
 * prompt and tool schemas; its answer has the agent's reply limit.
 *
 * @example
 * runShapeOf({ context: 12_000, tool_result: 4_000 })
 * // { promptTokens: 14_500, toolResultTokens: 4_000, answerTokens: 2_000 }
 */
export function runShapeOf(
  budgets: Pick<Budgets, "context" | "tool_result">,
): RunShape {
  return {
    promptTokens: budgets.context + PROMPT_ALLOWANCE,
    toolResultTokens: budgets.tool_result,
    answerTokens: ANSWER_TOKENS,
  };
}

/**
 * Tokens of the prompt that asks for the answer after `steps` tool calls:
 * the first prompt, each call with its full-size result, and the message
 * that asks for the answer.
 *
 * @example
 * answerPromptTokens({ promptTokens: 14_500, toolResultTokens: 4_000, answerTokens: 2_000 }, 8)
 * // 14,500 + 8 × (256 + 4,000) + 100 = 48,648
 */
export function answerPromptTokens(shape: RunShape, steps: number): number {
  return (
    shape.promptTokens +
    steps * (TOOL_CALL_RESERVE + shape.toolResultTokens) +
    ANSWER_NOW_RESERVE
  );
}

/**
 * Tokens a run spends on `steps` tool calls and then its answer, when every
 * result is full-size, as the run budget counts them: prompt plus reply of
 * EVERY request, and each request resends the whole conversation. So the
 * cost grows with the square of the steps:
 *
 *   Σ_{k<n} (P + k·(c + R) + c)  +  (P + n·(c + R) + r)  +  A
 *   = (n + 1)·P + (c + R)·n(n + 1)/2 + n·c + r + A
 *
 * with P the first prompt, R a tool result, c a tool-call reply (256), r the
 * message asking for the answer (100) and A the answer. The loop's stop
 * condition looks one step ahead with this same sum (`tokenBudgetReached`).
 *
 * @example
 * const shape = { promptTokens: 14_500, toolResultTokens: 4_000, answerTokens: 2_000 };
 * tokensForSteps(shape, 2) // 58,880: what a run budget of 64,000 allowed
 * tokensForSteps(shape, 8) // 287,864: what 8 steps need
 */
export function tokensForSteps(shape: RunShape, steps: number): number {
  const growth = TOOL_CALL_RESERVE + shape.toolResultTokens;
  return (
    steps * shape.promptTokens +
    (growth * steps * (steps - 1)) / 2 +
    steps * TOOL_CALL_RESERVE +
    answerPromptTokens(shape, steps) +
    shape.answerTokens
  );
}

/**
 * How many tool calls with full-size results a run budget allows before the
 * answer (0 when even the answer alone does not fit), counted up to `most`.
 *
 * @example
 * stepsThatFit({ promptTokens: 14_500, toolResultTokens: 4_000, answerTokens: 2_000 }, 64_000)  // 2
 * stepsThatFit({ promptTokens: 14_500, toolResultTokens: 4_000, answerTokens: 2_000 }, 300_000) // 8
 */
export function stepsThatFit(
  shape: RunShape,
  runTokens: number,
  most = 1_000,
): number {
  let steps = 0;
  while (steps < most && tokensForSteps(shape, steps + 1) <= runTokens) steps++;
  return steps;
}
