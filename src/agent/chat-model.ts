/**
 * askcode's own chat-model interface. The loop, its tests and everything else
 * speak this; only `openai-chat-model.ts` knows the `openai` package (model
 * client APIs churn between versions: pin the client, keep one file that
 * knows its API).
 */
import type { Deadline } from "../shared/deadline.js";

/** A tool call as the model wrote it. */
export interface ToolCall {
  /** The call's id, echoed in the tool message that answers it. */
  id: string;
  name: string;
  /**
   * The arguments as received: usually a JSON string, but some servers
   * (Ollama) send an object, and small models send broken JSON.
   */
  arguments: unknown;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; content: string };

/** A tool offered to the model: its name, what it does, its arguments as JSON Schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Offered tools; absent or empty means the model must answer in text. */
  tools?: ToolDefinition[];
  /** Most tokens the reply may have. */
  maxTokens?: number;
}

export interface ChatResponse {
  message: {
    content: string | null;
    /** Empty when the model answered in text. */
    toolCalls: ToolCall[];
  };
  /** Tokens as the server counted them, when it says. */
  usage?: { promptTokens: number; completionTokens: number };
  /**
   * The reply stopped at `maxTokens` (`finish_reason: "length"`): its text
   * may end mid-sentence, or inside a code block.
   */
  cutAtLimit?: boolean;
}

/**
 * One chat-completion endpoint. Throws `ModelError` when it cannot answer,
 * `ModelOutOfTimeError` when it cannot answer before `deadline`: the request
 * in flight is aborted then, and no attempt or retry wait starts that would
 * end past it.
 */
export interface ChatModel {
  /** The model's name, for logs and the answer's footer. */
  readonly name: string;
  complete(request: ChatRequest, deadline?: Deadline): Promise<ChatResponse>;
}
