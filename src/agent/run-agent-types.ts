import type { RunMetrics } from "../metrics/run-metrics.js";
import type { Clock } from "../shared/clock.js";
import type { Deadline } from "../shared/deadline.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { AgentTool, SeenRange } from "../tools/tool.js";
import type { AgentBudgets } from "./budgets.js";
import type { ChatMessage, ChatModel } from "./chat-model.js";
import type { ToolCallRecord, ToolCallStart } from "./execute-tool-calls.js";
import type { StopReason } from "./stop-conditions.js";

export type { ToolCallStart };

/** Where the loop logs: Probot's (pino) logger fits. */
export interface AgentLog {
  info(meta: object, message: string): void;
  warn(meta: object, message: string): void;
}

export interface RunAgentInput {
  model: ChatModel;
  /** The tools the model may call (`createCodeTools`, a mission's subset); may be empty. */
  tools: readonly AgentTool[];
  systemPrompt: string;
  /** The question, the issue thread and the packed context (`buildFirstMessage`). */
  firstMessage: string;
  /** Defaults in `DEFAULT_AGENT_BUDGETS`. */
  budgets?: Partial<AgentBudgets>;
  tokenCounter: TokenCounter;
  clock: Clock;
  log: AgentLog;
  /**
   * The run's deadline: every model request carries it, so a hung call ends
   * there (`ModelOutOfTimeError`) instead of outlasting the run.
   */
  deadline?: Deadline;
  /** Counts each request's tokens (none: not counted). */
  metrics?: Pick<RunMetrics, "modelTokens">;
  /** Told of each tool call as it starts, for the progress comment (none: not told). */
  onToolCall?: (call: ToolCallStart) => void;
}

export interface AgentResult {
  /** The model's answer, Markdown; empty only if the model said nothing. */
  answer: string;
  /**
   * Set when the answer stopped at the reply length limit: that limit in
   * tokens (`budgets.answerTokens`). The answer may end mid-sentence, and the
   * posted answer says so.
   */
  answerCutAtTokens?: number;
  /** "final_answer" when the model answered by itself, else the bound that made us ask for it. */
  stop: "final_answer" | StopReason;
  /** Steps taken: one per tool call run, plus the turn that answered. */
  steps: number;
  /** Requests sent to the model. */
  requests: number;
  toolCalls: ToolCallRecord[];
  /** Prompt plus completion tokens of every request, as reported (else counted). */
  tokensUsed: number;
  /** `tokensUsed`'s prompt part (what a price's input rate applies to). */
  inputTokens: number;
  /** `tokensUsed`'s completion part. */
  outputTokens: number;
  /** The file lines tool results showed the model (the first message's are the caller's). */
  seen: SeenRange[];
  /** Files tool results named without showing lines (listings, path matches), each once. */
  named: string[];
  /** The whole conversation, for logs and evaluation. */
  messages: ChatMessage[];
}
