import type { z } from "zod";

/**
 * A range of lines the model was shown, 1-based and inclusive. The answer's
 * grounding check accepts a citation only inside ranges like these.
 */
export interface SeenRange {
  path: string;
  startLine: number;
  endLine: number;
}

/** What a tool gets besides its arguments. */
export interface ToolContext {
  /**
   * Tokens this result may use: the per-result budget, or less when the run
   * has less left. The tool cuts its result to fit and says how to get the rest.
   */
  maxTokens: number;
}

/** One tool result, as the model will read it. */
export interface ToolOutput {
  /** False when the call failed (bad arguments, missing file); `text` then says what to do next. */
  ok: boolean;
  /** JSON for results, a sentence for errors. */
  text: string;
  /** Tokens of `text`, counted with the run's tokenizer. */
  tokens: number;
  /** The result was cut to fit `maxTokens`. */
  truncated: boolean;
  /** The file lines this result showed the model. */
  seen: SeenRange[];
  /** Files this result named without showing their lines (a listing, a path match). */
  named?: string[];
}

/**
 * A tool the model may call: data plus one function (docs/conventions.md, "Tools are data"). The
 * arguments are validated against `inputSchema` before `execute` runs (see
 * `invokeTool`), and `execute` reports failures in its output, never by
 * throwing.
 */
export interface AgentTool<Schema extends z.ZodType = z.ZodType> {
  /** The name the model calls it by, in snake_case (docs/architecture/retrieval.md, 'The model's tools'). */
  readonly name: string;
  /** What it does, what it returns and what to do next: the model reads this. */
  readonly description: string;
  /** Every field has a `.describe()`: that text is the model's documentation of the field. */
  readonly inputSchema: Schema;
  execute(args: z.output<Schema>, ctx: ToolContext): Promise<ToolOutput>;
}

/**
 * Declares a tool with its argument type inferred from the schema, typed as
 * the plain `AgentTool` that registries hold.
 *
 * @example
 * const echo = defineTool({
 *   name: "echo",
 *   description: "Returns its text.",
 *   inputSchema: z.object({ text: z.string().describe("What to return.") }),
 *   execute: async ({ text }) => ({ ok: true, text, tokens: 1, truncated: false, seen: [] }),
 * });
 */
export function defineTool<Schema extends z.ZodType>(
  tool: AgentTool<Schema>,
): AgentTool {
  return tool as unknown as AgentTool;
}
