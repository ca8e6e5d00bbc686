import { parseToolArguments } from "../../../src/agent/parse-tool-arguments.js";

describe("parseToolArguments", () => {
  it.each<[unknown, Record<string, unknown>]>([
    ['{"path":"a.ts"}', { path: "a.ts" }],
    [{ path: "a.ts" }, { path: "a.ts" }],
    ["", {}],
    ["  ", {}],
    [undefined, {}],
    [null, {}],
    ['"{\\"path\\": \\"a.ts\\"}"', { path: "a.ts" }],
    ['```json\n{"path":"a.ts"}\n```', { path: "a.ts" }],
  ])("reads %j", (raw, value) => {
    expect(parseToolArguments(raw)).toEqual({ ok: true, value });
  });

  it.each<[unknown, RegExp]>([
    ['{"path": "a.ts"', /^Expected ',' or '}' after property value in JSON/],
    ["[1, 2]", /^arguments must be a JSON object, not an array$/],
    ["42", /^arguments must be a JSON object, not 42$/],
    [42, /^arguments must be a JSON object, not a number$/],
  ])("refuses %j", (raw, error) => {
    const parsed = parseToolArguments(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});
