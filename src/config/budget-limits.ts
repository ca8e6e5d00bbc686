// Plain data, without zod: the CLI reads the defaults on its way to an
// answer, and loading zod costs it about 55 ms (config-fields.ts builds the
// schemas from these).

/**
 * The bounds and defaults of each budget. A repository's config and a
 * mission file both set budgets; both take them from here.
 */
export const BUDGET_LIMITS = {
  context: {
    min: 1000,
    max: 1_000_000,
    default: 12_000,
    unit: "tokens",
    description:
      "Tokens for the packed first message: question, issue thread and retrieved code.",
  },
  tool_result: {
    min: 200,
    max: 200_000,
    default: 4000,
    unit: "tokens",
    description:
      "Tokens for each tool result; longer results are cut with a note saying how to get the rest.",
  },
  run: {
    min: 1000,
    max: 10_000_000,
    // 8 steps (DEFAULT_MAX_STEPS) with full-size tool results, then the
    // answer, need 287,864 (tokensForSteps; README, "Configure a repository").
    default: 300_000,
    unit: "tokens",
    description:
      "Tokens the whole run may spend: prompt plus reply of every model request, and each request resends the conversation so far, so the cost grows with the square of the steps. The defaults' 8 tool calls with full-size results, then the answer, need 287,864; a budget too small for `max_steps` is reported.",
  },
  wall_time_seconds: {
    min: 10,
    max: 1800,
    default: 180,
    unit: "seconds",
    description:
      "Seconds a run may take before the model is asked for its best answer.",
  },
} as const;

export type BudgetKey = keyof typeof BUDGET_LIMITS;

/** Tool calls a run may make when neither the repository nor a mission says (`max_steps`). */
export const DEFAULT_MAX_STEPS = 8;

/** The most tool calls any run may make (`max_steps` allows up to this). */
export const MAX_STEPS = 50;

/**
 * Every budget at its default, as a repository without `.github/askcode.yml` gets.
 *
 * @example
 * defaultBudgets().context // 12000
 */
export function defaultBudgets(): { [K in BudgetKey]: number } {
  return {
    context: BUDGET_LIMITS.context.default,
    tool_result: BUDGET_LIMITS.tool_result.default,
    run: BUDGET_LIMITS.run.default,
    wall_time_seconds: BUDGET_LIMITS.wall_time_seconds.default,
  };
}

/**
 * Most tokens one reply of the model may have (the agent's reply limit, sent
 * as each request's length limit); what a run's cost is reckoned with.
 */
export const ANSWER_TOKENS = 2_000;
