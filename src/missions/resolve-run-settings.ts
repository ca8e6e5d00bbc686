import type { Budgets, RepoConfig } from "../config/repo-config-schema.js";
import {
  MISSION_TOOL_NAMES,
  type Mission,
  type MissionToolName,
} from "./mission-schema.js";

/** The limits and model one run works with, after every override. */
export interface RunSettings {
  model: string;
  /** The chosen model's context window in tokens. */
  contextWindow: number;
  budgets: Budgets;
  maxSteps: number;
  /** The repository's bounds on the question's length and its thread's. */
  limits: RepoConfig["limits"];
  /** The tools the model may call: the mission's, or all of them for a question. */
  tools: readonly MissionToolName[];
}

/**
 * Folds the three layers of settings into one, most specific first: the
 * mission (the operator's choice for that task), then the repository's
 * `.github/askcode.yml`, then the operator's environment. A budget the
 * mission leaves unset keeps the repository's, and the first message and
 * each tool result are capped at the run's budget they are spent from,
 * which no layer can raise above the operator's `maxRunTokens`. A
 * model named without a context window is assumed to have the operator's.
 *
 * @example
 * resolveRunSettings(config, { model: "gpt-4o", contextWindow: 128000 }, triage)
 * // { model: "gpt-4o", contextWindow: 128000, budgets: { …config.budgets, ...triage.budgets }, maxSteps: 10, tools: [...] }
 */
export function resolveRunSettings(
  config: RepoConfig,
  operator: { model: string; contextWindow: number; maxRunTokens?: number },
  mission?: Mission,
): RunSettings {
  const model =
    typeof mission?.model === "string"
      ? { name: mission.model }
      : (mission?.model ?? config.model);
  const budgets = foldBudgets(
    config.budgets,
    mission?.budgets,
    operator.maxRunTokens,
  );
  return {
    model: model?.name ?? operator.model,
    contextWindow: model?.context_window ?? operator.contextWindow,
    budgets,
    maxSteps: mission?.max_steps ?? config.max_steps,
    limits: config.limits,
    tools: mission?.tools ?? MISSION_TOOL_NAMES,
  };
}

/**
 * A run's budgets: the mission's over the repository's, budget by budget,
 * the run's under the operator's ceiling, and the first message and each
 * tool result capped at the run's budget they are spent from.
 *
 * @example
 * foldBudgets({ context: 12000, tool_result: 4000, run: 300000, wall_time_seconds: 180 }, { run: 500000 }, 400000)
 * // { context: 12000, tool_result: 4000, run: 400000, wall_time_seconds: 180 }
 */
export function foldBudgets(
  repository: Budgets,
  mission: Mission["budgets"],
  maxRunTokens?: number,
): Budgets {
  const budgets = { ...repository };
  for (const [key, value] of Object.entries(mission ?? {})) {
    if (value !== undefined) budgets[key as keyof Budgets] = value;
  }
  // The operator's ceiling holds over a mission's budget too (the
  // repository's was cut to it when its config was read).
  if (maxRunTokens !== undefined)
    budgets.run = Math.min(budgets.run, maxRunTokens);
  // Both are spent from the run's budget (as parseRepoConfig enforces for a
  // repository); a mission's larger context must not overrun a smaller run.
  budgets.context = Math.min(budgets.context, budgets.run);
  budgets.tool_result = Math.min(budgets.tool_result, budgets.run);
  return budgets;
}
