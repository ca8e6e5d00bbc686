import { lfText } from "../../text/lf-text.js";

/** A file's text with where each line starts, so lines are read without splitting. */
export interface FileLines {
  text: string;
  /** `starts[i]` is the offset of line i; `starts[count]` is one past the last line's newline. */
  starts: Uint32Array;
  count: number;
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

/**
 * Which lines are empty or whitespace (1) and which hold text (0): where
 * text without a syntax tree is cut.
 *
 * @example
 * blankLines(fileLines("a\n\n  \nb\n")) // Uint8Array [0, 1, 1, 0]
 */
export function blankLines(lines: FileLines): Uint8Array {
  const { text, starts, count } = lines;
  const blank = new Uint8Array(count);
  for (let li = 0; li < count; li++) {
    const end = (starts[li + 1] as number) - 1;
    let i = starts[li] as number;
    while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9))
      i++;
    if (i === end) blank[li] = 1;
  }
  return blank;
}
