import { z } from "zod";
import type { TokenCounter } from "../tokens/token-counter.js";
import type { AgentTool, ToolContext, ToolOutput } from "./tool.js";
import { errorResult } from "./tool-result.js";

/**
 * Runs one tool call: validates the arguments against the tool's schema, then
 * executes. Never throws: invalid arguments and failures come back as an
 * error text that says what to fix (docs/conventions.md, "Tools are data"), so the model can try
 * again and the run goes on.
 *
 * Small models often write `null` for an optional argument they mean to leave
 * out; top-level `null`s are dropped before validation.
 *
 * @example
 * await invokeTool(readFileTool, { path: 42 }, { maxTokens: 4000 }, tokenCounter)
 * // { ok: false, text: "Error: invalid arguments for read_file_contents: path: Invalid input: expected string, received number. …" }
 */
export async function invokeTool(
  tool: AgentTool,
  args: unknown,
  ctx: ToolContext,
  tokenCounter: TokenCounter,
): Promise<ToolOutput> {
  const parsed = tool.inputSchema.safeParse(dropNulls(args));
  if (!parsed.success) {
    return errorResult(
      `invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}. ` +
        `Call it again with ${describeParameters(tool)}.`,
      tokenCounter,
    );
  }
  try {
    return await tool.execute(parsed.data, ctx);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return errorResult(
      `${tool.name} failed: ${reason.replace(/[\s.]*$/, ".")} Try again once, or continue with what you have.`,
      tokenCounter,
    );
  }
}

function dropNulls(args: unknown): unknown {
  if (typeof args !== "object" || args === null || Array.isArray(args))
    return args;
  return Object.fromEntries(
    Object.entries(args).filter(([, value]) => value !== null),
  );
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length > 0
        ? `${issue.path.join(".")}: ${issue.message}`
        : issue.message,
    )
    .join("; ");
}

/** "query (string, required), path (string), max_results (integer)". */
export function describeParameters(tool: AgentTool): string {
  const schema = z.toJSONSchema(tool.inputSchema, { io: "input" }) as {
    properties?: Record<string, { type?: string }>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  const names = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${name} (${property.type ?? "any"}${required.has(name) ? ", required" : ""})`,
  );
  return names.length > 0 ? names.join(", ") : "no arguments";
}
