import type { ChatModel } from "../agent/chat-model.js";
import { ModelOutOfTimeError } from "../agent/model-out-of-time-error.js";
import { runAgent } from "../agent/run-agent.js";
import type { AgentResult } from "../agent/run-agent-types.js";
import type { RenderedComment } from "../answer/render-answer-comment.js";
import { ModelError } from "../shared/errors.js";
import type { SeenRange } from "../tools/tool.js";
import {
  answerFromRetrieval,
  modelUnanswered,
} from "./answer-from-retrieval.js";
import type { GatheredForAnswer } from "./gather-for-answer.js";
import { prepareAgent } from "./prepare-agent.js";

/** The model's answer, to ground: what it said, and the lines its first message showed it. */
export interface ModelAnswer {
  result: AgentResult;
  seen: readonly SeenRange[];
}

// The agent stops calling tools with this share of the run's time left, so
// its last request (the answer, without tools) can come back before the
// deadline cuts it off.
const ANSWER_TIME_SHARE = 0.25;

/**
 * The agent part of an answer: the agent loop over the tools, bound to the
 * reader's commit and the run's deadline, its tokens counted as each
 * request comes back. A model that cannot be reached, or not in time, or
 * that said nothing, still leaves the asker the retrieval answer, saying
 * why it is not the model's (`reply`); else its answer goes on to be
 * grounded (`next`).
 *
 * @example
 * const asked = await askModel(gathered, model); // { next: { result, seen } }, or { reply: retrievalAnswer }
 */
export async function askModel(
  gathered: GatheredForAnswer,
  model: ChatModel,
): Promise<{ next: ModelAnswer } | { reply: RenderedComment }> {
  const { services, settings, repository, deadline } = gathered;
  const { budgets } = repository;
  const wallTimeMs = budgets.wall_time_seconds * 1000;
  const { tools, first, systemPrompt } = prepareAgent(gathered);
  services.progress({ kind: "thinking", maxSteps: settings.maxSteps });
  // The model's tokens as each request comes back, so a run a model failure
  // cuts short still counts what it spent against the budgets.
  const spent = { input: 0, output: 0 };
  const counted = services.metrics?.forRepository(
    `${repository.owner}/${repository.repo}`,
  );
  const result = await runAgent({
    model,
    tools,
    systemPrompt,
    firstMessage: first.text,
    budgets: {
      maxSteps: settings.maxSteps,
      runTokens: budgets.run,
      toolResultTokens: budgets.tool_result,
      wallTimeMs: Math.max(
        1,
        deadline.remainingMs() - wallTimeMs * ANSWER_TIME_SHARE,
      ),
      contextTokens: settings.contextWindow,
    },
    tokenCounter: services.tokenCounter,
    clock: services.clock,
    deadline,
    log: services.log,
    metrics: {
      modelTokens: (name, used) => {
        spent.input += used.input;
        spent.output += used.output;
        counted?.modelTokens(name, used);
      },
    },
    onToolCall: (call) => services.progress({ kind: "tool", ...call }),
  })
    .catch((error: unknown) => {
      if (!(error instanceof ModelError)) throw error;
      services.log.warn(
        { err: error },
        error instanceof ModelOutOfTimeError
          ? "The model did not answer within the time budget; answering from retrieval alone"
          : "The model could not be reached; answering from retrieval alone",
      );
      return error;
    })
    .finally(() => services.onModelTokens?.(spent));
  if (result instanceof ModelError)
    return {
      reply: await answerFromRetrieval(
        gathered,
        modelUnanswered(result, settings.model, wallTimeMs),
      ),
    };
  services.metrics?.answerTokens(result.tokensUsed);
  services.progress({ kind: "writing" });
  // A model that said nothing still owes the asker an answer: the retrieval one.
  if (!result.answer.trim())
    return {
      reply: await answerFromRetrieval(gathered, {
        fallback: { model: settings.model, why: "returned an empty answer" },
      }),
    };
  return { next: { result, seen: first.seen } };
}
