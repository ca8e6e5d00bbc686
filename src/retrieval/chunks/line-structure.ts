import type { Language } from "../../text/languages.js";
import { lfText } from "../../text/lf-text.js";

/** A file's text with where each line starts, so lines are read without splitting. */
export interface FileLines {
  text: string;
  /** `starts[i]` is the offset of line i; `starts[count]` is one past the last line's newline. */
  starts: Uint32Array;
  count: number;
}

/** What chunking needs to know about each line of a file. */
export interface LineStructure {
  /** Leading spaces and tabs. */
  indent: Uint16Array;
  /** 1 when the line is empty or whitespace. */
  blank: Uint8Array;
  /** 1 when the line holds only a comment (or continues a block comment). */
  comment: Uint8Array;
  /**
   * 1 when the line starts inside something opened earlier (a bracket, a
   * multi-line string, a block comment, a `\` continuation), so it cannot
   * start a statement.
   */
  inside: Uint8Array;
}

/**
 * Finds the lines of a text (after turning CRLF into LF). A final newline does
 * not start another line.
 *
 * @example
 * fileLines("a\nbc\n").count // 2
 */
export function fileLines(raw: string): FileLines {
  const text = lfText(raw);
  if (text.length === 0) return { text, starts: new Uint32Array(1), count: 0 };
  let newlines = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1))
    newlines++;
  // A text not ending in a newline has one more line than it has newlines.
  const last = text.charCodeAt(text.length - 1) === 10;
  const count = last ? newlines : newlines + 1;
  const starts = new Uint32Array(count + 1);
  let k = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1))
    starts[k++] = i + 1;
  if (!last) starts[count] = text.length + 1;
  return { text, starts, count };
}

/** Line i without its newline. */
export function lineAt(lines: FileLines, i: number): string {
  return lines.text.slice(lines.starts[i], (lines.starts[i + 1] as number) - 1);
}

// Characters that change the lexer's state; everything else is skipped in bulk.
const SPECIAL = /["'`/()[\]\\]/g;

/**
 * A light JavaScript/TypeScript lexer: it tracks strings, template literals,
 * comments and brackets well enough to tell where statements start. It is not
 * a parser and does not need to be: a wrong guess moves a chunk boundary,
 * nothing more. For "text" only indent and blank lines are filled in.
 *
 * Only `(` and `[` count as open: braces enclose the bodies we want to cut
 * inside (classes, functions).
 *
 * @example
 * const s = lineStructure(fileLines("f(a,\n  b);\nfunction g() {\n  return 1;\n}\n"), "javascript");
 * s.inside[1] // 1 (inside the open parenthesis)
 * s.indent[3] // 2
 */
export function lineStructure(
  lines: FileLines,
  language: Language,
): LineStructure {
  const { text, starts, count: n } = lines;
  const out: LineStructure = {
    indent: new Uint16Array(n),
    blank: new Uint8Array(n),
    comment: new Uint8Array(n),
    inside: new Uint8Array(n),
  };
  let depth = 0;
  // The closing delimiter of an open template literal or block comment: "`", "*/".
  let open: string | undefined;
  let backslash = false;

  for (let li = 0; li < n; li++) {
    const from = starts[li] as number;
    const end = (starts[li + 1] as number) - 1;
    let i = from;
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9))
      i++;
    out.indent[li] = Math.min(i - from, 0xffff);
    if (open !== undefined || depth > 0 || backslash) out.inside[li] = 1;
    if (i === end) {
      out.blank[li] = 1;
      continue;
    }
    if (language === "text") continue;
    backslash = false;
    if (open !== undefined) {
      // Finish the template literal or block comment left open by an earlier line.
      const close = text.indexOf(open, i);
      if (close < 0 || close >= end) {
        if (open === "*/") out.comment[li] = 1;
        continue;
      }
      i = firstNonSpace(text, close + open.length, end);
      if (i === end) {
        if (open === "*/") out.comment[li] = 1;
        open = undefined;
        continue;
      }
      open = undefined;
    }
    // "//" or "/*" first: a comment-only line.
    if (
      text.charCodeAt(i) === 47 &&
      (text.charCodeAt(i + 1) === 47 || text.charCodeAt(i + 1) === 42)
    ) {
      out.comment[li] = 1;
    }
    while (i < end) {
      if (open !== undefined) {
        const close = text.indexOf(open, i);
        if (close < 0 || close >= end) break;
        i = close + open.length;
        open = undefined;
        continue;
      }
      SPECIAL.lastIndex = i;
      const m = SPECIAL.exec(text);
      if (!m || m.index >= end) break;
      i = m.index;
      const c = text[i];
      if (c === "/") {
        if (text[i + 1] === "/") break;
        if (text[i + 1] === "*") {
          open = "*/";
          i += 2;
        } else i++;
        continue;
      }
      if (c === "`") {
        open = "`";
        i++;
        continue;
      }
      if (c === '"' || c === "'") {
        i = skipString(text, i, end);
        continue;
      }
      if (c === "(" || c === "[") depth++;
      else if ((c === ")" || c === "]") && depth > 0) depth--;
      else if (c === "\\" && i === end - 1) backslash = true;
      i++;
    }
  }
  return out;
}

function firstNonSpace(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9))
    i++;
  return i;
}

/** Index just past the string literal that starts at `start` (or the end of the line). */
function skipString(text: string, start: number, end: number): number {
  const quote = text.charCodeAt(start);
  let i = start + 1;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return end;
}
