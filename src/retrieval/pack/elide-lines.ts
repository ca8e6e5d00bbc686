import { commentPrefixFor } from "../../text/comment-prefix-for.js";

/**
 * What a chunk shown whole may leave out behind a marker (see
 * docs/architecture/retrieval.md, 'Comments and docstrings elided'):
 * - "licence": a licence header at the top of a file, all of it;
 * - "comment": a run of more than `LONG_RUN` plain comment lines, past its
 *   first two (what the code below it is);
 * - "doc": a doc comment (`/**`, `/*!`, `///`, `//!`) of more than
 *   `LONG_RUN` lines, past its first paragraph (at most `DOC_OPENING` lines)
 *   and bar its closing line;
 * - "docstring": a Python docstring, the same way;
 * - "imports": a run of more than `LONG_IMPORTS` import lines, past its
 *   first two and bar its last.
 */
export type ElideKind = "licence" | "comment" | "doc" | "docstring" | "imports";

export interface ElideOptions {
  kinds: readonly ElideKind[];
  /** Keep a line this says to keep too (its 0-based index), such as one using a queried name. */
  keep?: (index: number) => boolean;
  /** Renders the marker for elided lines `from`..`to` (1-based), at `indent`. */
  marker: (from: number, to: number, indent: string) => string;
}

export interface ElidedChunk {
  text: string;
  /** Ranges (1-based, inclusive) replaced by markers: not shown. */
  omitted: Array<[number, number]>;
}

/** A comment or docstring longer than this many lines is long. */
const LONG_RUN = 6;
/** Lines kept at the start of a long plain comment. */
const COMMENT_OPENING = 2;
/** The most lines a doc comment's first paragraph keeps. */
const DOC_OPENING = 4;
/** An import run longer than this many lines is long. */
const LONG_IMPORTS = 8;
/** A leading comment that says this is a licence header. */
const LICENCE = /licen[cs]e|copyright|spdx-|\(c\) \d{4}/i;
/** How far down a file its licence header may start (after a shebang or `<?php`). */
const HEADER_STARTS_BY = 3;
/** A doc comment's opening. */
const DOC = /^\s*(?:\/\*[*!]|\/\/[/!])/;
/** A Python docstring's opening: a triple-quoted string starting the line. */
const DOCSTRING = /^\s*[rRuUbB]{0,2}("""|''')/;
/** A doc line with no words: the end of a paragraph (`///`, ` *`, blank). */
const EMPTY_DOC = /^\s*(?:\/\/[/!]?|\/?\*+\/?|#)?\s*$/;
/** Import lines across the language families. */
const IMPORT =
  /^\s*(?:import\b|from\s+\S+\s+import\b|use\s+[\w:{]|#\s*include\b|using\s+[\w.]+\s*;|require(?:_once)?\b|extern\s+crate\b|(?:const|let|var)\s+\S+\s*=\s*require\()/;

type Kind = "code" | "comment" | "doc" | "docstring" | "import" | "blank";

/**
 * Spends a whole chunk's tokens on code rather than on lines a fix seldom
 * touches and a reader seldom needs in full (`ElideKind`): each run left out
 * becomes one marker line in the file's comment syntax with the real line
 * numbers, as compression writes them, so a permalink still points at the
 * right lines and the cut lines are not counted as shown. Lines `keep` asks
 * for stay. Comments are read from the text: the file's line-comment prefix
 * and, where that is `//`, C-style block comments; docstrings in files
 * commented with `#`. Returns undefined when nothing is left out.
 *
 * @example
 * elideLines({ path: "a.c", startLine: 1, text: "/*\n * Copyright 2020 X\n * MIT License\n *\/\nint x;" }, { kinds: ["licence"], marker })
 * // { text: "// … lines 1-4 omitted\nint x;", omitted: [[1, 4]] }
 */
export function elideLines(
  chunk: { path: string; text: string; startLine: number },
  options: ElideOptions,
): ElidedChunk | undefined {
  if (options.kinds.length === 0) return undefined;
  const prefix = commentPrefixFor(chunk.path);
  if (!prefix) return undefined;
  const lines = chunk.text.split("\n");
  const kinds = lineKinds(lines, prefix);
  const dropped = new Uint8Array(lines.length);
  const wanted = new Set(options.kinds);
  for (let i = 0; i < lines.length;) {
    const j = endOfRun(kinds, i);
    dropRun(lines, kinds, i, j, chunk.startLine, wanted, dropped);
    i = j;
  }
  for (let k = 0; k < lines.length; k++)
    if (dropped[k] && options.keep?.(k)) dropped[k] = 0;
  // A marker costs about what a line does: never drop a single line.
  for (let k = 0; k < lines.length; k++)
    if (dropped[k] && !dropped[k - 1] && !dropped[k + 1]) dropped[k] = 0;
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
    const indented = lines.slice(i, j).find((line) => line.trim() !== "");
    out.push(options.marker(from, to, /^\s*/.exec(indented ?? "")?.[0] ?? ""));
    i = j;
  }
  if (omitted.length === 0) return undefined;
  return { text: out.join("\n"), omitted };
}

/**
 * The end (exclusive) of the run of one kind starting at `i`; blank lines
 * inside a run of imports belong to it.
 */
function endOfRun(kinds: readonly Kind[], i: number): number {
  const kind = kinds[i];
  let j = i + 1;
  if (kind === "import") {
    let end = j;
    while (j < kinds.length && (kinds[j] === "import" || kinds[j] === "blank"))
      if (kinds[j++] === "import") end = j;
    return end;
  }
  // A doc comment's blank-free run: a new opening starts a new run.
  while (j < kinds.length && kinds[j] === kind) j++;
  return j;
}

/** Marks in `dropped` the lines of the run lines[i..j) that its kind leaves out. */
function dropRun(
  lines: readonly string[],
  kinds: readonly Kind[],
  i: number,
  j: number,
  startLine: number,
  wanted: ReadonlySet<ElideKind>,
  dropped: Uint8Array,
): void {
  const kind = kinds[i];
  const length = j - i;
  let from = j;
  let to = j;
  if (kind === "comment" || kind === "doc" || kind === "docstring") {
    const licence =
      wanted.has("licence") &&
      startLine + i <= HEADER_STARTS_BY &&
      lines.slice(i, j).some((line) => LICENCE.test(line));
    if (licence) [from, to] = [i, j];
    else if (length <= LONG_RUN) return;
    else if (kind === "comment" && wanted.has("comment"))
      [from, to] = [i + COMMENT_OPENING, closes(lines[j - 1]) ? j - 1 : j];
    else if (kind !== "comment" && wanted.has(kind))
      [from, to] = [
        firstParagraphEnd(lines, i, j),
        closes(lines[j - 1]) ? j - 1 : j,
      ];
  } else if (kind === "import" && wanted.has("imports")) {
    if (length <= LONG_IMPORTS) return;
    [from, to] = [i + 2, j - 1];
  }
  for (let k = from; k < to; k++) dropped[k] = 1;
}

/** Whether a comment's last line only closes it (`*\/`, `"""`): kept, so the code after reads as code. */
function closes(line: string | undefined): boolean {
  const t = (line ?? "").trim();
  return t === "*/" || t === "**/" || t === '"""' || t === "'''";
}

/**
 * The end (exclusive) of a doc comment's first paragraph: its opening lines
 * up to the first line with no words past the first, at most `DOC_OPENING`.
 */
function firstParagraphEnd(
  lines: readonly string[],
  i: number,
  j: number,
): number {
  const limit = Math.min(j, i + DOC_OPENING);
  for (let k = i + 1; k < limit; k++) {
    const words = (lines[k] as string).replace(/"""|'''/g, "");
    if (EMPTY_DOC.test(words)) return k;
  }
  return limit;
}

/**
 * Each line's kind: code, blank, an import, a plain comment or a doc
 * comment (`//` block comments and `#`-file docstrings included). A
 * docstring is a triple-quoted string opening a line right after a line
 * ending in `:` (a `def` or `class`) or at the chunk's start.
 */
function lineKinds(lines: readonly string[], prefix: string): Kind[] {
  const blocks = prefix === "//";
  const out = new Array<Kind>(lines.length).fill("code");
  let block: Kind | undefined;
  let docstring: string | undefined;
  let previous = "";
  for (let k = 0; k < lines.length; k++) {
    const line = (lines[k] as string).trim();
    if (docstring) {
      out[k] = "docstring";
      if (line.includes(docstring)) docstring = undefined;
    } else if (block) {
      const close = line.indexOf("*/");
      out[k] =
        close < 0 || line.slice(close + 2).trim() === "" ? block : "code";
      if (close >= 0) block = undefined;
    } else if (blocks && line.startsWith("/*")) {
      const kind: Kind = DOC.test(line) ? "doc" : "comment";
      const close = line.indexOf("*/", 2);
      out[k] = close < 0 || line.slice(close + 2).trim() === "" ? kind : "code";
      if (close < 0) block = kind;
    } else if (prefix === "#" && DOCSTRING.test(line) && opensDoc(previous)) {
      const quote = DOCSTRING.exec(line)?.[1] as string;
      out[k] = "docstring";
      const rest = line.slice(line.indexOf(quote) + 3);
      if (!rest.includes(quote)) docstring = quote;
    } else if (line === "") out[k] = "blank";
    else if (line.startsWith(prefix) && !line.startsWith("#!"))
      out[k] = DOC.test(line) ? "doc" : "comment";
    else if (IMPORT.test(line)) out[k] = "import";
    if (line !== "") previous = line;
  }
  return out;
}

/** Whether a docstring may open after this line: a block's header, or the chunk's start. */
function opensDoc(previous: string): boolean {
  return previous === "" || previous.endsWith(":");
}
