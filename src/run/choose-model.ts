import type { ChatModel } from "../agent/chat-model.js";
import type { RunMetrics } from "../metrics/run-metrics.js";
import type { RunSettings } from "../missions/resolve-run-settings.js";
import {
  reserveSpend,
  type SpendDeps,
  type SpendRun,
} from "../limits/reserve-spend.js";
import type { SpendShortfall } from "../storage/spend-ledger/spend-ledger.js";
import { deeperSettings } from "../missions/deeper-settings.js";
import type { AnswerForm } from "./plan-run.js";
import { withRunTokens } from "../missions/with-run-tokens.js";

export interface ChooseModelDeps {
  operator: Parameters<typeof deeperSettings>[1];
  modelFor(name: string): ChatModel | undefined;
  spend?: Omit<SpendDeps, "log" | "metrics">;
  log: SpendDeps["log"];
  metrics?: RunMetrics;
}

/** Who answers a run, and within what. */
export interface ModelChoice {
  /** The model, or undefined: retrieval alone (the form's choice, no endpoint, or a spent budget). */
  model?: ChatModel;
  /** The run's settings: `/deeper`'s where asked, within what the model budgets granted. */
  settings: RunSettings;
  /** The run's hold on the model budgets, when a model was wanted and budgets apply. */
  spend?: SpendRun;
  /** Set when a budget had too little left: the answer says why it has no model. */
  spent?: SpendShortfall;
}

/**
 * The model step of a run: `/deeper` widens the settings within the
 * operator's ceiling; a form that wants a model holds its ceiling in the
 * model budgets (`reserveSpend`), and a budget with too little left takes
 * the model away.
 *
 * @example
 * const { model, settings, spend } = await chooseModel(job, settings, "deeper", deps);
 */
export async function chooseModel(
  job: Parameters<typeof reserveSpend>[0],
  settings: RunSettings,
  form: AnswerForm,
  deps: ChooseModelDeps,
): Promise<ModelChoice> {
  // `/deeper`: more context and tool calls, within the operator's ceiling.
  const formSettings =
    form === "deeper" ? deeperSettings(settings, deps.operator) : settings;
  const wanted =
    form === "model" || form === "deeper"
      ? deps.modelFor(settings.model)
      : undefined;
  if (!wanted || !deps.spend) return { model: wanted, settings: formSettings };
  const spend = await reserveSpend(job, formSettings.budgets, {
    ...deps.spend,
    log: deps.log,
    metrics: deps.metrics,
  });
  const spent = spend.shortfall;
  return {
    ...(!spent && { model: wanted }),
    settings: withRunTokens(formSettings, spend.tokens),
    spend,
    ...(spent && { spent }),
  };
}
