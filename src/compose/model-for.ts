import type { ChatModel } from "../agent/chat-model.js";
import {
  createOpenAIChatModel,
  type OpenAIChatModelOptions,
} from "../agent/openai-chat-model.js";
import type { OperatorConfig } from "../config/operator-config.js";
import type { Clock } from "../shared/clock.js";

export interface ModelForDeps {
  /** The operator's model endpoint (`ASKCODE_MODEL_*`); none: no model. */
  operator: Pick<OperatorConfig, "modelEndpoint">;
  clock: Clock;
  log: NonNullable<OpenAIChatModelOptions["log"]>;
}

/**
 * The chat model a run asks for by name, on the operator's OpenAI-compatible
 * endpoint; undefined without an endpoint, so the run answers from retrieval
 * alone.
 *
 * @example
 * const model = modelFor("gpt-4o-mini", { operator, clock, log: app.log });
 */
export function modelFor(
  name: string,
  deps: ModelForDeps,
): ChatModel | undefined {
  const endpoint = deps.operator.modelEndpoint;
  if (!endpoint) return undefined;
  return createOpenAIChatModel({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseUrl,
    model: name,
    clock: deps.clock,
    log: deps.log,
  });
}
