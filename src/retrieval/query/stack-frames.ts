/** One frame of a stack trace pasted into an issue. */
export interface StackFrame {
  /** The path as written (absolute, site-packages, relative); resolved against the tree later. */
  path: string;
  line: number;
  /** The function the frame is in, where the trace says. */
  functionName?: string;
  style: "python" | "javascript" | "path-line";
}

// File "/usr/lib/python3.6/site-packages/astropy/units/decorators.py", line 225, in wrapper
const PYTHON_FRAME = /File "([^"\n]+)", line (\d+)(?:, in ([\w<>.]+))?/g;
// at Foo.bar (src/x.ts:12:3)   at async run (/app/src/x.js:5:1)   at src/x.ts:12:3
const JS_FRAME =
  /\bat (?:(?:async |new )?([\w$.<>[\]]+(?: \[as [\w$]+\])?) \()?((?:file:\/\/)?[^\s():'"]+\.[A-Za-z]{1,5}):(\d+)(?::\d+)?\)?/g;
// pytest and compilers: "src/_pytest/python.py:123: in foo", "/usr/lib/…/runner.py:341: in from_call", "lib/a.c:12:5: error"
const PATH_LINE =
  /(?<![\w/.:-])(\/?(?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]{1,5}):(\d+)(?::\d+)?(?::? in ([\w<>.]+))?/g;

/**
 * The stack-trace frames in a text: Python tracebacks, Node/V8 traces, and the
 * `path:line` form of pytest and compilers. Frames in the runtime itself
 * (`node:internal/…`, `<frozen importlib…>`, `<stdin>`) are left out.
 *
 * @example
 * parseStackFrames('File "app/models.py", line 12, in save')
 * // [{ path: "app/models.py", line: 12, functionName: "save", style: "python" }]
 * parseStackFrames("    at parse (src/parser.ts:40:7)")
 * // [{ path: "src/parser.ts", line: 40, functionName: "parse", style: "javascript" }]
 */
export function parseStackFrames(text: string): StackFrame[] {
  const frames: StackFrame[] = [];
  const seen = new Set<string>();
  const add = (frame: StackFrame): void => {
    const key = `${frame.path}:${frame.line}`;
    if (seen.has(key) || !usefulPath(frame.path)) return;
    seen.add(key);
    frames.push(frame);
  };
  for (const m of text.matchAll(PYTHON_FRAME)) {
    add({
      path: m[1] ?? "",
      line: Number(m[2]),
      functionName: functionName(m[3]),
      style: "python",
    });
  }
  for (const m of text.matchAll(JS_FRAME)) {
    add({
      path: (m[2] ?? "").replace(/^file:\/\//, ""),
      line: Number(m[3]),
      functionName: functionName(m[1]),
      style: "javascript",
    });
  }
  for (const m of text.matchAll(PATH_LINE)) {
    add({
      path: m[1] ?? "",
      line: Number(m[2]),
      functionName: functionName(m[3]),
      style: "path-line",
    });
  }
  return frames;
}

function usefulPath(path: string): boolean {
  return (
    path.length > 0 &&
    !path.startsWith("<") &&
    !path.startsWith("node:") &&
    !/^https?:/.test(path)
  );
}

/** "Foo.bar [as baz]" → "bar"; "<module>" and anonymous frames → undefined. */
function functionName(raw: string | undefined): string | undefined {
  if (!raw || raw.startsWith("<")) return undefined;
  const name = raw
    .replace(/ \[as [\w$]+\]$/, "")
    .split(".")
    .pop();
  return name && name !== "<anonymous>" ? name : undefined;
}
