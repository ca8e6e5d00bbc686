import type {
  ChatModel,
  ChatRequest,
  ChatResponse,
  ToolCall,
} from "../../src/agent/chat-model.js";
import type { FakeClock } from "./fake-clock.js";

/** A tool call in a script; `arguments` as the server would send them (a string, an object, broken JSON). */
export interface ScriptedToolCall {
  name: string;
  arguments: unknown;
  /** Default `call_<n>`, numbered across the script. */
  id?: string;
}

/**
 * One reply of a script (docs/conventions.md, "Fake the model, not HTTP"):
 * - a string: the model answers with that text;
 * - `{ toolCalls }`, with optional `text`: the model calls tools;
 * - `{ error }`: the model call throws it (a `ModelError` after retries);
 * `usage` is what the server reports (absent: the loop counts), `afterMs`
 * moves the fake clock as if the reply took that long, and `cutAtLimit` says
 * the reply stopped at its length limit (`finish_reason: "length"`).
 */
export type ScriptedReply =
  | string
  | {
      text?: string | null;
      toolCalls?: ScriptedToolCall[];
      usage?: { promptTokens: number; completionTokens: number };
      afterMs?: number;
      cutAtLimit?: boolean;
    }
  | { error: Error; afterMs?: number };

export interface ScriptedChatModel extends ChatModel {
  /** Every request, in order, deep-copied when it was made. */
  readonly requests: ChatRequest[];
  /** Replies not used yet: a test that ends with replies left asked for fewer steps than scripted. */
  remaining(): number;
}

/**
 * A `ChatModel` that plays a script, one reply per request, and records every
 * request, so loop tests assert the exact prompts and tool calls without HTTP.
 * A request beyond the script throws, naming its number.
 *
 * @example
 * const model = createScriptedChatModel([
 *   { toolCalls: [{ name: "search_repository_code", arguments: '{"query":"retry"}' }] },
 *   "Retries stop after four attempts (src/retry.ts#L6-L6).",
 * ]);
 * await runAgent({ model, … });
 * model.requests[1]?.messages.at(-1) // { role: "tool", toolCallId: "call_1", content: "{\"query\":\"retry\",…}" }
 */
export function createScriptedChatModel(
  replies: readonly ScriptedReply[],
  options: { name?: string; clock?: FakeClock } = {},
): ScriptedChatModel {
  const requests: ChatRequest[] = [];
  let next = 0;
  let ids = 0;
  return {
    name: options.name ?? "scripted-model",
    requests,
    remaining: () => replies.length - next,
    async complete(request: ChatRequest): Promise<ChatResponse> {
      requests.push(structuredClone(request));
      const reply = replies[next++];
      if (reply === undefined)
        throw new Error(
          `ScriptedChatModel: request ${requests.length} has no scripted reply (the script has ${replies.length}).`,
        );
      if (typeof reply === "string")
        return { message: { content: reply, toolCalls: [] } };
      if (reply.afterMs !== undefined) options.clock?.advance(reply.afterMs);
      if ("error" in reply) throw reply.error;
      const toolCalls: ToolCall[] = (reply.toolCalls ?? []).map((call) => ({
        id: call.id ?? `call_${++ids}`,
        name: call.name,
        arguments: call.arguments,
      }));
      return {
        message: { content: reply.text ?? null, toolCalls },
        ...(reply.usage ? { usage: reply.usage } : {}),
        ...(reply.cutAtLimit ? { cutAtLimit: true } : {}),
      };
    },
  };
}
