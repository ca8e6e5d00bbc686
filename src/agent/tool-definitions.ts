import { z } from "zod";
import type { AgentTool } from "../tools/tool.js";
import type { ToolDefinition } from "./chat-model.js";

/**
 * A tool as the model is offered it: name, description, and the arguments'
 * JSON Schema from the zod schema (input side, so defaults stay optional).
 * The `$schema` key is dropped: some servers reject schemas that carry it.
 *
 * @example
 * toToolDefinition(readFileTool).parameters
 * // { type: "object", properties: { path: { type: "string", description: "File path …" }, … }, required: ["path"] }
 */
export function toToolDefinition(tool: AgentTool): ToolDefinition {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(
    tool.inputSchema,
    { io: "input" },
  ) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, parameters };
}
