import { reserveSpend } from "../limits/reserve-spend.js";
import { deeperSettings } from "../missions/deeper-settings.js";
import type { RunQuestionDeps } from "./run-question-deps.js";
import type { RunState, StepResult } from "./run-state.js";
import { withRunTokens } from "../missions/with-run-tokens.js";

/**
 * The model step of a run: `/deeper` widens the settings within the
 * operator's ceiling; a form that wants a model holds its ceiling in the
 * model budgets (`reserveSpend`), and a budget with too little left takes
 * the model away.
 *
 * @example
 * const { next } = await chooseModel({ job, settings, form: "deeper" }, deps); // next: { model, runSettings, spend }
 */
export async function chooseModel(
  state: Pick<RunState, "job" | "settings" | "form">,
  deps: RunQuestionDeps,
): Promise<
  StepResult<Pick<RunState, "model" | "runSettings" | "spend" | "spent">>
> {
  const { settings, form } = state;
  // `/deeper`: more context and tool calls, within the operator's ceiling.
  const formSettings =
    form === "deeper" ? deeperSettings(settings, deps.operator) : settings;
  const wanted =
    form === "model" || form === "deeper"
      ? deps.modelFor(settings.model)
      : undefined;
  if (!wanted || !deps.spend)
    return { next: { model: wanted, runSettings: formSettings } };
  const spend = await reserveSpend(state.job, formSettings.budgets, {
    ...deps.spend,
    log: deps.log,
    metrics: deps.metrics,
  });
  const spent = spend.shortfall;
  return {
    next: {
      ...(!spent && { model: wanted }),
      runSettings: withRunTokens(formSettings, spend.tokens),
      spend,
      ...(spent && { spent }),
    },
  };
}
