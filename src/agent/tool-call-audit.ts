import type { ToolCallRecord } from "./execute-tool-calls.js";

// Arguments are the model's own words (a path, a query, a line range); a
// model can still write a whole file into one, and the log keeps none of it.
const MAX_STRING = 200;
const MAX_FIELDS = 10;

/**
 * The fields of a tool call's audit log line: which tool, with what
 * arguments (long strings cut), how it went, how large its result was and
 * how long it took. Never the result itself: it holds file contents. The
 * installation and repository come from the logger's bindings (the app logs
 * each run through a child logger that carries them).
 *
 * @example
 * log.info(toolCallAudit(record), "tool call");
 * // { tool: "read_file_contents", step: 2, arguments: { path: "src/a.ts", start_line: 10 },
 * //   ok: true, resultTokens: 412, resultBytes: 1630, durationMs: 38 }
 */
export function toolCallAudit(record: ToolCallRecord): Record<string, unknown> {
  return {
    tool: cut(record.name),
    step: record.step,
    arguments: auditArguments(record.arguments),
    ok: record.ok,
    resultTokens: record.tokens,
    resultBytes: record.resultBytes,
    durationMs: record.durationMs,
  };
}

function auditArguments(args: unknown): unknown {
  if (typeof args === "string") return cut(args);
  if (typeof args !== "object" || args === null || Array.isArray(args))
    return cut(JSON.stringify(args) ?? String(args));
  const entries = Object.entries(args);
  const kept = entries
    .slice(0, MAX_FIELDS)
    .map(([name, value]) => [cut(name), auditValue(value)]);
  if (entries.length > MAX_FIELDS)
    kept.push(["…", `${entries.length - MAX_FIELDS} more arguments`]);
  return Object.fromEntries(kept);
}

function auditValue(value: unknown): unknown {
  if (typeof value === "string") return cut(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null)
    return value;
  return cut(JSON.stringify(value) ?? String(value));
}

function cut(text: string): string {
  return text.length > MAX_STRING
    ? `${text.slice(0, MAX_STRING)}… (${text.length} characters)`
    : text;
}
