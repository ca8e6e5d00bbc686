import type { TokenCounter } from "../tokens/token-counter.js";
import type { ChatMessage, ToolDefinition } from "./chat-model.js";

// Chat formats wrap each message in a few tokens of role and separators
// (OpenAI's cookbook counts 3 per message plus 3 to prime the reply).
const PER_MESSAGE = 4;
const PER_REQUEST = 3;

/**
 * Tokens a request's prompt takes, counted with the run's tokenizer: what the
 * loop looks ahead with, and what it charges when a server reports no usage.
 *
 * @example
 * countPromptTokens([{ role: "user", content: "hello world" }], [], counter) // 2 + 4 + 3 = 9
 */
export function countPromptTokens(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  counter: TokenCounter,
): number {
  let total = PER_REQUEST;
  for (const message of messages) total += countMessageTokens(message, counter);
  if (tools.length > 0) total += counter.count(JSON.stringify(tools));
  return total;
}

/** Tokens of one message: its text, its tool calls, and the format's wrapping. */
export function countMessageTokens(
  message: ChatMessage,
  counter: TokenCounter,
): number {
  let total = PER_MESSAGE + counter.count(message.content ?? "");
  if (message.role === "assistant") {
    for (const call of message.toolCalls ?? []) {
      const args =
        typeof call.arguments === "string"
          ? call.arguments
          : JSON.stringify(call.arguments ?? {});
      total += counter.count(call.name) + counter.count(args) + PER_MESSAGE;
    }
  }
  return total;
}
