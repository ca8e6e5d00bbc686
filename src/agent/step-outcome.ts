import type { ChatResponse, ToolCall } from "./chat-model.js";
import type { StopReason } from "./stop-conditions.js";

/**
 * How one step of the loop ended (docs/conventions.md, "Loop control is explicit"; after openai-agents-js
 * `nextStepSchema`): the model answered, the model asked for tools, or a bound
 * was reached before the step could ask the model at all.
 */
export type StepOutcome =
  | { type: "final_answer"; answer: string; cutAtLimit: boolean }
  | { type: "call_tools"; content: string | null; calls: ToolCall[] }
  | { type: "budget_exhausted"; reason: StopReason };

/**
 * Reads a reply: tool calls in the message mean `call_tools`, whatever
 * `finish_reason` said; otherwise the text is the answer.
 *
 * @example
 * outcomeOf({ message: { content: "It retries 4 times.", toolCalls: [] } })
 * // { type: "final_answer", answer: "It retries 4 times.", cutAtLimit: false }
 */
export function outcomeOf(response: ChatResponse): StepOutcome {
  const { content, toolCalls } = response.message;
  if (toolCalls.length > 0)
    return { type: "call_tools", content, calls: toolCalls };
  return {
    type: "final_answer",
    answer: (content ?? "").trim(),
    cutAtLimit: response.cutAtLimit === true,
  };
}
