/** Tool arguments read from a reply: an object, or why they could not be read. */
export type ParsedArguments =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Reads tool arguments tolerantly, as servers and small models send them: a
 * JSON string, an object (Ollama), nothing at all (a call without
 * arguments), a JSON string inside a JSON string, or JSON in a Markdown fence.
 * Anything else is an error whose text says what was wrong.
 *
 * @example
 * parseToolArguments('{"path":"a.ts"}')    // { ok: true, value: { path: "a.ts" } }
 * parseToolArguments({ path: "a.ts" })     // { ok: true, value: { path: "a.ts" } }
 * parseToolArguments("")                   // { ok: true, value: {} }
 * parseToolArguments('{"path": "a.ts"')    // { ok: false, error: "Expected ',' or '}' after property value in JSON at position 15 …" }
 */
export function parseToolArguments(raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (isRecord(raw)) return { ok: true, value: raw };
  if (typeof raw !== "string")
    return {
      ok: false,
      error: `arguments must be a JSON object, not a ${typeof raw}`,
    };
  let text = raw.trim();
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/.exec(text);
  if (fenced) text = fenced[1] ?? "";
  if (text === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
    // Some models encode the arguments twice: "{\"path\": \"a.ts\"}".
    if (typeof value === "string" && value.trim().startsWith("{"))
      value = JSON.parse(value);
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  if (isRecord(value)) return { ok: true, value };
  return {
    ok: false,
    error: `arguments must be a JSON object, not ${Array.isArray(value) ? "an array" : JSON.stringify(value)}`,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
