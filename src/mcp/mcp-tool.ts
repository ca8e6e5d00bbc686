import type { z } from "zod";
import { inMcpWords } from "./in-mcp-words.js";

/** A tool call's result as MCP carries it: text, flagged when it is an error the agent should act on. */
export interface McpToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  isError?: boolean;
}

/**
 * One tool of `askcode mcp`: data plus one function, as the App's tools
 * (docs/conventions.md, "Tools are data"). The SDK validates the arguments
 * against `inputSchema` before `run`, and answers a failed validation with
 * a tool error naming the field.
 */
export interface McpTool<Schema extends z.ZodObject = z.ZodObject> {
  name: string;
  /** When an agent should call it and what it returns: the agent reads this. */
  description: string;
  inputSchema: Schema;
  run(args: z.output<Schema>): Promise<McpToolResult>;
}

/**
 * Declares a tool with its arguments typed by its schema, as the plain
 * `McpTool` the server registers (the App's `defineTool`, for MCP).
 *
 * @example
 * const echo = defineMcpTool({ name: "echo", description: "Returns its text.", inputSchema: z.object({ text: z.string() }), run: async ({ text }) => mcpResult(text) });
 */
export function defineMcpTool<Schema extends z.ZodObject>(
  tool: McpTool<Schema>,
): McpTool {
  return tool as unknown as McpTool;
}

/**
 * A result in the tools' words (`inMcpWords`); `isError` when `ok` is false.
 *
 * @example
 * mcpResult("No such file at 1a2b3c: src/x.ts.", false) // { content: [{ type: "text", text: "No such file …" }], isError: true }
 */
export function mcpResult(text: string, ok = true): McpToolResult {
  return {
    content: [{ type: "text", text: inMcpWords(text) }],
    ...(ok ? {} : { isError: true }),
  };
}
