import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ToolCall,
} from "./chat-model.js";

/**
 * The OpenAI chat-completions wire format, as every OpenAI-compatible server
 * (OpenAI, Azure, vLLM, Ollama, llama.cpp) speaks it, and the differences
 * between those servers that we tolerate. Pure: no client, no I/O.
 */

export interface WireOptions {
  model: string;
  /** "max_completion_tokens" for OpenAI's reasoning models, "max_tokens" for the rest. */
  maxTokensParameter: "max_tokens" | "max_completion_tokens";
  temperature?: number;
}

/**
 * The request body of `POST /chat/completions`: non-streaming, and
 * `parallel_tool_calls: false` only when tools are sent (some servers reject
 * it otherwise). `tool_choice` is never sent: servers differ on it, and
 * "auto" is everyone's default.
 *
 * @example
 * toWireRequest({ messages: [{ role: "user", content: "hi" }] }, { model: "gpt-4o-mini", maxTokensParameter: "max_tokens" })
 * // { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }
 */
export function toWireRequest(
  request: ChatRequest,
  options: WireOptions,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    messages: request.messages.map(toWireMessage),
  };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
      },
    }));
    body.parallel_tool_calls = false;
  }
  if (request.maxTokens !== undefined)
    body[options.maxTokensParameter] = request.maxTokens;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  return body;
}

function toWireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "tool":
      return {
        role: "tool",
        tool_call_id: message.toolCallId,
        content: message.content,
      };
    case "assistant": {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0)
        return { role: "assistant", content: message.content ?? "" };
      return {
        role: "assistant",
        content: message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: "function",
          function: {
            name: call.name,
            arguments: wireArguments(call.arguments),
          },
        })),
      };
    }
  }
}

// Arguments go back as a JSON string. Broken JSON is replaced by "{}": servers
// that render the history through a chat template parse it and fail on it (the
// error message the model gets quotes what it wrote).
function wireArguments(args: unknown): string {
  if (typeof args === "string") {
    try {
      JSON.parse(args);
      return args;
    } catch {
      return "{}";
    }
  }
  return JSON.stringify(args ?? {});
}

/**
 * Reads a chat completion defensively. Tool calls come from the message's
 * `tool_calls` (or the legacy `function_call`), never from `finish_reason`:
 * some servers say "stop" with tool calls. A call without an id gets one from
 * `nextId`; arguments stay as received (string or object).
 *
 * @example
 * fromWireCompletion({ choices: [{ message: { content: null, tool_calls: [{ id: "c1", function: { name: "read_file_contents", arguments: "{\"path\":\"a.ts\"}" } }] } }] }, () => "x")
 * // { message: { content: null, toolCalls: [{ id: "c1", name: "read_file_contents", arguments: "{\"path\":\"a.ts\"}" }] } }
 */
export function fromWireCompletion(
  completion: unknown,
  nextId: () => string,
): ChatResponse | undefined {
  const root = record(completion);
  const choices = Array.isArray(root?.choices) ? root.choices : [];
  const choice = record(choices[0]);
  const message = record(choice?.message);
  if (!message) return undefined;
  const toolCalls: ToolCall[] = [];
  const wireCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  for (const wire of wireCalls) {
    const call = record(wire);
    const fn = record(call?.function);
    if (typeof fn?.name !== "string") continue; // custom tools and the like
    toolCalls.push({
      id: typeof call?.id === "string" && call.id !== "" ? call.id : nextId(),
      name: fn.name,
      arguments: fn.arguments ?? {},
    });
  }
  const legacy = record(message.function_call);
  if (toolCalls.length === 0 && typeof legacy?.name === "string")
    toolCalls.push({
      id: nextId(),
      name: legacy.name,
      arguments: legacy.arguments ?? {},
    });
  const usage = record(root?.usage);
  const promptTokens = usage?.prompt_tokens;
  const completionTokens = usage?.completion_tokens;
  return {
    message: {
      content: typeof message.content === "string" ? message.content : null,
      toolCalls,
    },
    ...(typeof promptTokens === "number" && typeof completionTokens === "number"
      ? { usage: { promptTokens, completionTokens } }
      : {}),
    ...(choice?.finish_reason === "length" ? { cutAtLimit: true } : {}),
  };
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
