import {
  PROMPT_ALLOWANCE,
  runShapeOf,
  stepsThatFit,
  TOOL_CALL_RESERVE,
  tokensForSteps,
} from "./tokens-for-steps.js";
import type { Budgets } from "./repo-config-schema.js";

/** Why a run budget is short of its `max_steps`, in numbers. */
export interface StepsShortfall {
  /** Tool calls with full-size results the run budget allows before the answer. */
  fits: number;
  /** Tokens `max_steps` such calls and the answer need. */
  needed: number;
  /** The arithmetic, as a clause for a problem report. */
  because: string;
}

/**
 * Whether `maxSteps` tool calls with full-size results, then the answer,
 * fit in `budgets.run`; when they do not, how many do and the arithmetic
 * (`tokensForSteps`), for the report of a repository's config or a mission.
 *
 * @example
 * describeStepsFit({ context: 12000, tool_result: 4000, run: 300000 }, 8) // undefined
 * describeStepsFit({ context: 12000, tool_result: 4000, run: 64000 }, 8)
 * // { fits: 2, needed: 287864, because: "8 tool calls with full-size results, then the answer, need 287864 tokens: …" }
 */
export function describeStepsFit(
  budgets: Pick<Budgets, "context" | "tool_result" | "run">,
  maxSteps: number,
): StepsShortfall | undefined {
  const shape = runShapeOf(budgets);
  const needed = tokensForSteps(shape, maxSteps);
  if (needed <= budgets.run) return undefined;
  const fits = stepsThatFit(shape, budgets.run, maxSteps);
  const because =
    `${maxSteps} tool calls with full-size results, then the answer, need ${needed} tokens: ` +
    `each of the ${maxSteps + 1} requests resends the conversation, which starts at ${shape.promptTokens} ` +
    `(\`budgets.context\` ${budgets.context} + ${PROMPT_ALLOWANCE} for the system prompt and tools) ` +
    `and grows by ${budgets.tool_result + TOOL_CALL_RESERVE} a call (\`budgets.tool_result\` ${budgets.tool_result} + ${TOOL_CALL_RESERVE} for the call), ` +
    `plus ${shape.answerTokens} for the answer`;
  return { fits, needed, because };
}
