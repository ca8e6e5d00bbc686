import type { SeenRange } from "../tools/tool.js";
import { answerNowMessage } from "./answer-now-message.js";
import { ANSWER_NOW_RESERVE } from "../config/tokens-for-steps.js";
import { resolveBudgets } from "./budgets.js";
import type { ChatMessage, ChatRequest, ChatResponse } from "./chat-model.js";
import {
  countMessageTokens,
  countPromptTokens,
} from "./count-request-tokens.js";
import { executeToolCalls, type ToolCallRecord } from "./execute-tool-calls.js";
import type { AgentResult, RunAgentInput } from "./run-agent-types.js";
import { outcomeOf, type StepOutcome } from "./step-outcome.js";
import { firstStopReached, type StopReason } from "./stop-conditions.js";
import { toolCallAudit } from "./tool-call-audit.js";
import { toToolDefinition } from "./tool-definitions.js";

export type {
  AgentLog,
  AgentResult,
  RunAgentInput,
  ToolCallStart,
} from "./run-agent-types.js";

export interface RunAgentDeps {
  executeToolCalls: typeof executeToolCalls;
}

const defaultDeps: RunAgentDeps = { executeToolCalls };

/**
 * The agent loop (docs/architecture/agent-loop.md). Each step first checks the
 * bounds (steps, tokens, wall time), then asks the model with the tools; the
 * step ends as `final_answer`, `call_tools` (run them, one step each, and go
 * on) or `budget_exhausted`, after which the model is asked once more,
 * without tools, for its best answer, told which bound was reached. A model
 * failure that retries did not cure propagates as `ModelError`.
 *
 * @example
 * const result = await runAgent({
 *   model, tools: createCodeTools({ reader, tokenCounter, toolResultBudget: 4_000 }),
 *   systemPrompt: buildSystemPrompt({ repository: "octo/app", sha, tools }),
 *   firstMessage: first.text, budgets: { maxSteps: 8, runTokens: 60_000 },
 *   tokenCounter, clock: systemClock, log: context.log,
 * });
 * result.stop   // "final_answer"
 * result.answer // "Retries stop after `MAX_ATTEMPTS` (src/retry.ts#L6-L6) …"
 */
export async function runAgent(
  input: RunAgentInput,
  deps: Partial<RunAgentDeps> = {},
): Promise<AgentResult> {
  const d = { ...defaultDeps, ...deps };
  const budgets = resolveBudgets(input.budgets);
  const { clock, log, tokenCounter: counter } = input;
  const definitions = input.tools.map(toToolDefinition);
  const tools = new Map(input.tools.map((tool) => [tool.name, tool]));
  const messages: ChatMessage[] = [
    { role: "system", content: input.systemPrompt },
    { role: "user", content: input.firstMessage },
  ];
  const startedAt = clock.now();
  const malformed = new Set<string>();
  const run = { steps: 0, requests: 0, tokensUsed: 0 };
  // tokensUsed split, for the line that ends the run.
  const spent = { inputTokens: 0, outputTokens: 0 };
  const toolCalls: ToolCallRecord[] = [];
  const seen: SeenRange[] = [];
  const named = new Set<string>();

  const ask = async (request: ChatRequest): Promise<ChatResponse> => {
    const prompt = countPromptTokens(
      request.messages,
      request.tools ?? [],
      counter,
    );
    const response = await input.model.complete(request, input.deadline);
    run.requests++;
    const { usage, message } = response;
    const used = usage
      ? { input: usage.promptTokens, output: usage.completionTokens }
      : {
          input: prompt,
          output: countMessageTokens(
            { role: "assistant", ...message },
            counter,
          ),
        };
    run.tokensUsed += used.input + used.output;
    spent.inputTokens += used.input;
    spent.outputTokens += used.output;
    input.metrics?.modelTokens(input.model.name, used);
    return response;
  };

  const step = async (): Promise<StepOutcome> => {
    const reason = firstStopReached(
      {
        steps: run.steps,
        tokensUsed: run.tokensUsed,
        promptTokens: countPromptTokens(messages, definitions, counter),
        elapsedMs: clock.now() - startedAt,
      },
      budgets,
    );
    if (reason) return { type: "budget_exhausted", reason };
    return outcomeOf(
      await ask({
        messages: [...messages],
        ...(definitions.length > 0 ? { tools: definitions } : {}),
        maxTokens: budgets.answerTokens,
      }),
    );
  };

  // Room for one tool result: what leaves the answer its request, within the run and the window.
  const resultBudget = (promptTokens: number) => (added: number) => {
    const prompt =
      promptTokens + added + budgets.answerTokens + ANSWER_NOW_RESERVE;
    const rooms = [
      budgets.toolResultTokens,
      budgets.runTokens - run.tokensUsed - prompt,
    ];
    if (budgets.contextTokens !== undefined)
      rooms.push(budgets.contextTokens - prompt);
    return Math.max(0, Math.min(...rooms));
  };

  const answerNow = async (
    reason: StopReason,
  ): Promise<{ answer: string; cutAtLimit: boolean }> => {
    log.info(
      { reason, steps: run.steps, tokensUsed: run.tokensUsed },
      "Agent bound reached; asking for the answer",
    );
    messages.push({ role: "user", content: answerNowMessage(reason, budgets) });
    const { message, cutAtLimit } = await ask({
      messages: [...messages],
      maxTokens: budgets.answerTokens,
    });
    if (message.toolCalls.length > 0)
      log.warn(
        { calls: message.toolCalls.map((c) => c.name) },
        "The model called tools when asked to answer; the calls were ignored",
      );
    const answer = (message.content ?? "").trim();
    messages.push({ role: "assistant", content: answer });
    return { answer, cutAtLimit: cutAtLimit === true };
  };

  const finish = (
    { answer, cutAtLimit }: { answer: string; cutAtLimit: boolean },
    stop: AgentResult["stop"],
  ): AgentResult => {
    if (cutAtLimit)
      log.warn(
        { answerTokens: budgets.answerTokens },
        "The model's answer stopped at the reply length limit",
      );
    const result = {
      answer,
      ...(cutAtLimit ? { answerCutAtTokens: budgets.answerTokens } : {}),
      stop,
      ...run,
      ...spent,
      toolCalls,
      seen,
      named: [...named],
      messages,
    };
    log.info(
      {
        stop,
        steps: run.steps,
        requests: run.requests,
        tokensUsed: run.tokensUsed,
        ...spent,
        toolCalls: toolCalls.length,
      },
      "Agent run finished",
    );
    return result;
  };

  for (;;) {
    const outcome = await step();
    switch (outcome.type) {
      case "final_answer":
        run.steps++;
        messages.push({ role: "assistant", content: outcome.answer });
        return finish(outcome, "final_answer");
      case "budget_exhausted":
        return finish(await answerNow(outcome.reason), outcome.reason);
      case "call_tools": {
        messages.push({
          role: "assistant",
          content: outcome.content,
          toolCalls: outcome.calls,
        });
        const done = await d.executeToolCalls({
          calls: outcome.calls,
          tools,
          steps: run.steps,
          maxSteps: budgets.maxSteps,
          malformed,
          resultBudget: resultBudget(countPromptTokens(messages, [], counter)),
          tokenCounter: counter,
          clock,
          ...(input.onToolCall ? { onStart: input.onToolCall } : {}),
        });
        messages.push(...done.messages);
        run.steps += done.steps;
        toolCalls.push(...done.records);
        seen.push(...done.seen);
        for (const path of done.named) named.add(path);
        for (const record of done.records)
          log.info(toolCallAudit(record), "tool call");
      }
    }
  }
}
