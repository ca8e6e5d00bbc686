import { describeParameters, invokeTool } from "../tools/invoke-tool.js";
import type { AgentTool, SeenRange, ToolOutput } from "../tools/tool.js";
import type { Clock } from "../shared/clock.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { ChatMessage, ToolCall } from "./chat-model.js";
import { parseToolArguments } from "./parse-tool-arguments.js";

/** One tool call of a run, for the result and the logs. */
export interface ToolCallRecord {
  /** The step it took (1-based); 0 when it was not run. */
  step: number;
  name: string;
  /** The arguments as parsed, or as received when they could not be. */
  arguments: unknown;
  ok: boolean;
  /** Tokens of the tool message the model got back. */
  tokens: number;
  /** UTF-8 bytes of that message. */
  resultBytes: number;
  /** How long the call took, from validation to result. */
  durationMs: number;
}

/** A tool call about to run: the step it takes (1-based), of the steps allowed. */
export interface ToolCallStart {
  step: number;
  maxSteps: number;
  name: string;
  /** The arguments as parsed, or as received when they could not be. */
  arguments: unknown;
}

export interface ExecuteToolCallsInput {
  calls: readonly ToolCall[];
  tools: ReadonlyMap<string, AgentTool>;
  /** Steps already taken; each call run takes the next. */
  steps: number;
  maxSteps: number;
  /** Names of tools that already got broken JSON once in this run (updated here). */
  malformed: Set<string>;
  /** Tokens the next result may use, given the tokens already added by this turn's results. */
  resultBudget: (added: number) => number;
  tokenCounter: TokenCounter;
  /** Times each call, for the audit log. */
  clock: Pick<Clock, "now">;
  invokeTool?: typeof invokeTool;
  /** Told of each call that takes a step, before it runs. */
  onStart?: (call: ToolCallStart) => void;
}

export interface ExecutedToolCalls {
  /** One tool message per call, in order: every call id gets its answer. */
  messages: ChatMessage[];
  records: ToolCallRecord[];
  seen: SeenRange[];
  /** Files named without their lines (listings, path matches). */
  named: string[];
  /** Calls that took a step. */
  steps: number;
}

/**
 * Runs the tool calls of one reply, in order, one step each. Servers are asked
 * for one call per reply (`parallel_tool_calls: false`); when one sends
 * several anyway, each is run and counted, and calls beyond the step budget
 * are answered "not run". Nothing here throws: an unknown tool, broken
 * arguments or a failing tool become a tool message that says what to do.
 * Broken JSON gets an explanation once per tool; a second broken call to the
 * same tool is dropped with a short note, so a model that cannot write the
 * arguments stops spending steps on them.
 *
 * @example
 * const done = await executeToolCalls({ calls, tools, steps: 2, maxSteps: 8, malformed, resultBudget: () => 4_000, tokenCounter });
 * messages.push(...done.messages);
 */
export async function executeToolCalls(
  input: ExecuteToolCallsInput,
): Promise<ExecutedToolCalls> {
  const invoke = input.invokeTool ?? invokeTool;
  const counter = input.tokenCounter;
  const done: ExecutedToolCalls = {
    messages: [],
    records: [],
    seen: [],
    named: [],
    steps: 0,
  };
  let added = 0;
  for (const call of input.calls) {
    const step = input.steps + done.steps + 1;
    const parsed = parseToolArguments(call.arguments);
    const args = parsed.ok ? parsed.value : call.arguments;
    let output: ToolOutput;
    const startedAt = input.clock.now();
    if (step > input.maxSteps) {
      output = note(
        `Not run: this run allows ${input.maxSteps} tool steps and they are spent. Answer with what you have.`,
        counter,
      );
    } else {
      done.steps++;
      input.onStart?.({
        step,
        maxSteps: input.maxSteps,
        name: call.name,
        arguments: args,
      });
      const tool = input.tools.get(call.name);
      if (!tool) {
        output = note(unknownTool(call.name, input.tools), counter);
      } else if (!parsed.ok) {
        const again = input.malformed.has(call.name);
        input.malformed.add(call.name);
        output = note(
          again
            ? `Dropped: the arguments of this call to ${call.name} were not valid JSON either. Continue without it, or answer with what you have.`
            : `Error: the arguments for ${call.name} are not a valid JSON object (${parsed.error}): ${excerpt(call.arguments)}. ` +
                `Call ${call.name} again with a JSON object of ${describeParameters(tool)}.`,
          counter,
        );
      } else {
        output = await invoke(
          tool,
          parsed.value,
          { maxTokens: input.resultBudget(added) },
          counter,
        );
      }
    }
    added += output.tokens;
    done.messages.push({
      role: "tool",
      toolCallId: call.id,
      content: output.text,
    });
    done.records.push({
      step: step > input.maxSteps ? 0 : step,
      name: call.name,
      arguments: args,
      ok: output.ok,
      tokens: output.tokens,
      resultBytes: Buffer.byteLength(output.text),
      durationMs: input.clock.now() - startedAt,
    });
    done.seen.push(...output.seen);
    done.named.push(...(output.named ?? []));
  }
  return done;
}

function unknownTool(
  name: string,
  tools: ReadonlyMap<string, AgentTool>,
): string {
  if (tools.size === 0)
    return `Error: there is no tool named "${name}", and this run has no tools. Answer with what you have.`;
  return `Error: there is no tool named "${name}". The tools are: ${[...tools.keys()].join(", ")}.`;
}

function note(text: string, counter: TokenCounter): ToolOutput {
  return {
    ok: false,
    text,
    tokens: counter.count(text),
    truncated: false,
    seen: [],
  };
}

function excerpt(raw: unknown): string {
  const text = typeof raw === "string" ? raw : JSON.stringify(raw);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
