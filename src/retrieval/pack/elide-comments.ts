import { commentPrefixFor } from "../../text/comment-prefix-for.js";

export interface ElideOptions {
  /** Keep a comment line this says to keep too, such as one using a queried name. */
  keep?: (line: string) => boolean;
  /** Renders the marker for elided lines `from`..`to` (1-based), at `indent`. */
  marker: (from: number, to: number, indent: string) => string;
}

export interface ElidedChunk {
  text: string;
  /** Ranges (1-based, inclusive) replaced by markers. */
  omitted: Array<[number, number]>;
}

/** A comment run longer than this many lines loses all but its opening. */
export const LONG_COMMENT_LINES = 6;
/** Lines kept at the start of a long comment: what the code below it is. */
const OPENING_LINES = 2;
/** A leading comment that says this is a licence header, shown as one marker. */
const LICENCE = /licen[cs]e|copyright|spdx-|\(c\) \d{4}/i;
/**
 * A doc comment's opening (`/**`, `/*!`, `///`, `//!`): fixes edit what a
 * function is documented to do (of the fix lines shown inside long comments
 * on the training part, 145 were in doc comments and 7 in others; most of
 * tokio's lost lines on the multi-language dev set were `///`), so those stay.
 */
const DOC = /^\s*(?:\/\*[*!]|\/\/[/!])/;
/** How far down a file its licence header may start (after a shebang or `<?php`). */
const HEADER_STARTS_BY = 3;

/**
 * Spends a chunk's tokens on code rather than on comments a fix seldom
 * touches (see docs/architecture/retrieval.md, 'Comments elided'): a licence
 * header at the top of the file, and any run of more than
 * `LONG_COMMENT_LINES` comment lines but a doc comment, keeping that run's
 * first lines (what the code is), its closing line and the lines `keep` asks for, become one
 * marker line each, in the file's comment syntax and with the real line
 * numbers, as compression writes them. Comments are read from the text: the
 * file's line-comment prefix (`commentPrefixFor`) and, where that is `//`,
 * C-style block comments. Doc comments and Python's docstrings (strings)
 * stay, since fixes edit them. Returns undefined when nothing is elided.
 *
 * @example
 * elideComments({ path: "a.c", startLine: 1, text: "/*\n * Copyright 2020 X\n * MIT License\n *\/\nint x;" }, { marker })
 * // { text: "// … lines 1-4 omitted\nint x;", omitted: [[1, 4]] }
 */
export function elideComments(
  chunk: { path: string; text: string; startLine: number },
  options: ElideOptions,
): ElidedChunk | undefined {
  const prefix = commentPrefixFor(chunk.path);
  if (!prefix) return undefined;
  const lines = chunk.text.split("\n");
  const comment = commentLines(lines, prefix);
  const dropped = new Array<boolean>(lines.length).fill(false);
  let any = false;
  for (let i = 0; i < lines.length;) {
    if (!comment[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && comment[j]) j++;
    if (dropRun(lines, i, j, chunk.startLine, dropped, options.keep))
      any = true;
    i = j;
  }
  if (!any) return undefined;

  const out: string[] = [];
  const omitted: Array<[number, number]> = [];
  for (let i = 0; i < lines.length;) {
    if (!dropped[i]) {
      out.push(lines[i] as string);
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && dropped[j]) j++;
    const from = chunk.startLine + i;
    const to = chunk.startLine + j - 1;
    omitted.push([from, to]);
    out.push(
      options.marker(from, to, /^\s*/.exec(lines[i] as string)?.[0] ?? ""),
    );
    i = j;
  }
  return { text: out.join("\n"), omitted };
}

/**
 * Marks in `dropped` the lines of the comment run lines[i..j) to elide:
 * all of a licence header, or a long comment's lines after its opening
 * (bar its closing line and those `keep` asks for). A marker costs about a
 * line, so a single line is never dropped. Returns whether any was.
 */
function dropRun(
  lines: readonly string[],
  i: number,
  j: number,
  startLine: number,
  dropped: boolean[],
  keep: ((line: string) => boolean) | undefined,
): boolean {
  const licence =
    startLine + i <= HEADER_STARTS_BY &&
    lines.slice(i, j).some((line) => LICENCE.test(line));
  if (!licence && (j - i <= LONG_COMMENT_LINES || DOC.test(lines[i] as string)))
    return false;
  const drop = (k: number): boolean =>
    licence ||
    (k >= i + OPENING_LINES &&
      !(k === j - 1 && (lines[k] as string).trim().endsWith("*/")) &&
      !(keep?.(lines[k] as string) ?? false));
  let any = false;
  for (let k = i; k < j;) {
    if (!drop(k)) {
      k++;
      continue;
    }
    let m = k;
    while (m < j && drop(m)) m++;
    if (m - k >= 2) {
      for (let n = k; n < m; n++) dropped[n] = true;
      any = true;
    }
    k = m;
  }
  return any;
}

/**
 * Which lines are wholly comment: they start with the line-comment prefix,
 * or lie in a C-style block comment (for `//` languages) that no code follows on
 * its closing line.
 */
function commentLines(lines: readonly string[], prefix: string): boolean[] {
  const blocks = prefix === "//";
  const out = new Array<boolean>(lines.length).fill(false);
  let inBlock = false;
  for (let k = 0; k < lines.length; k++) {
    const line = (lines[k] as string).trim();
    if (inBlock || (blocks && line.startsWith("/*"))) {
      const close = line.indexOf("*/", inBlock ? 0 : 2);
      inBlock = close < 0;
      out[k] = inBlock || line.slice(close + 2).trim() === "";
    } else {
      out[k] =
        line.startsWith(prefix) && !(prefix === "#" && line.startsWith("#!"));
    }
  }
  return out;
}
