import {
  ANSWER_TOKENS,
  BUDGET_LIMITS,
  DEFAULT_MAX_STEPS,
} from "../config/budget-limits.js";

/** The bounds of one agent run (issue 4: steps, total tokens, wall time). */
export interface AgentBudgets {
  /** Model turns that may call tools; a turn with several calls counts one step per call (default 8). */
  maxSteps: number;
  /**
   * Tokens the whole run may spend: prompt plus completion of every request,
   * as the server reports them (counted with the tokenizer where it does not).
   * Tool results count against it as soon as they join the conversation
   * (default 300,000: room for 8 full-size tool results, README, "Configure a repository").
   */
  runTokens: number;
  /** Tokens one tool result may use; less when the run has less left (default 4,000). */
  toolResultTokens: number;
  /** Milliseconds from the first request; checked before each step (default 180,000). */
  wallTimeMs: number;
  /** Most tokens one reply may have; sent as the request's length limit (default 2,000). */
  answerTokens: number;
  /** The model's context window, when known: no request's prompt plus reply may exceed it. */
  contextTokens?: number;
}

// The repository's defaults (`.github/askcode.yml`), so a run given no
// budgets is bounded as a repository without a config file is.
export const DEFAULT_AGENT_BUDGETS: Readonly<AgentBudgets> = {
  maxSteps: DEFAULT_MAX_STEPS,
  runTokens: BUDGET_LIMITS.run.default,
  toolResultTokens: BUDGET_LIMITS.tool_result.default,
  wallTimeMs: 180_000,
  answerTokens: ANSWER_TOKENS,
};

/**
 * The budgets of a run: the defaults, overridden by what is given. Throws a
 * `TypeError` naming the budget for a value that is not a positive number
 * (docs/conventions.md, "Config: zod schemas are the source of truth").
 *
 * @example
 * resolveBudgets({ maxSteps: 4 }) // { maxSteps: 4, runTokens: 300_000, toolResultTokens: 4_000, wallTimeMs: 180_000, answerTokens: 2_000 }
 * resolveBudgets({ runTokens: 0 }) // throws TypeError: runAgent: budgets.runTokens must be a positive number, received 0.
 */
export function resolveBudgets(
  given: Partial<AgentBudgets> = {},
): AgentBudgets {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<AgentBudgets>;
  const budgets: AgentBudgets = { ...DEFAULT_AGENT_BUDGETS, ...defined };
  for (const [name, value] of Object.entries(budgets)) {
    if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value))
      throw new TypeError(
        `runAgent: budgets.${name} must be a positive number, received ${String(value)}.`,
      );
  }
  if (!Number.isInteger(budgets.maxSteps))
    throw new TypeError(
      `runAgent: budgets.maxSteps must be a whole number, received ${budgets.maxSteps}.`,
    );
  return budgets;
}
