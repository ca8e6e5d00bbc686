/** Lines of context shown on each side of a matched line. */
export const CONTEXT_RADIUS = 3;

// A minified bundle can be one 1 MB line; hits show a window of it instead.
const MAX_LINE_CHARS = 300;

/** 1-based number of the line that contains `offset` (counting "\n" before it). */
export function lineNumberAt(
  text: string,
  offset: number,
  from = { offset: 0, line: 1 },
): number {
  let line = from.line;
  let next = text.indexOf("\n", from.offset);
  while (next !== -1 && next < offset) {
    line++;
    next = text.indexOf("\n", next + 1);
  }
  return line;
}

/** Start and end offsets (end exclusive, without the "\n") of the line around `offset`. */
export function lineBounds(
  text: string,
  offset: number,
): { start: number; end: number } {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const newline = text.indexOf("\n", offset);
  return { start, end: newline === -1 ? text.length : newline };
}

/**
 * Lines `first`..`last` (1-based, inclusive, clamped to the text) without
 * their line endings. Scans only as far as `last`, so a hit near the top of a
 * large file costs little.
 */
export function sliceLines(
  text: string,
  first: number,
  last: number,
): string[] {
  const lines: string[] = [];
  let line = 1;
  let start = 0;
  while (line <= last && start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (line >= first) lines.push(stripCarriageReturn(text.slice(start, end)));
    // A final "\n" ends the last line; it does not start another.
    if (newline === -1 || newline === text.length - 1) break;
    start = newline + 1;
    line++;
  }
  return lines;
}

/**
 * The matched line and `CONTEXT_RADIUS` lines on each side, each clipped to a
 * readable length around `column` (the match's offset within its line).
 */
export function contextAround(
  text: string,
  line: number,
  column = 0,
): { matchedLine: string; context: { startLine: number; lines: string[] } } {
  const startLine = Math.max(1, line - CONTEXT_RADIUS);
  const lines = sliceLines(text, startLine, line + CONTEXT_RADIUS).map((l, i) =>
    clipLine(l, startLine + i === line ? column : 0),
  );
  return {
    matchedLine: lines[line - startLine] ?? "",
    context: { startLine, lines },
  };
}

/** Cuts a long line to a window around `column`, marking cuts with "…". */
export function clipLine(line: string, column = 0): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  const start = Math.max(
    0,
    Math.min(column - MAX_LINE_CHARS / 3, line.length - MAX_LINE_CHARS),
  );
  const head = start > 0 ? "…" : "";
  const tail = start + MAX_LINE_CHARS < line.length ? "…" : "";
  return head + line.slice(start, start + MAX_LINE_CHARS) + tail;
}

function stripCarriageReturn(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
