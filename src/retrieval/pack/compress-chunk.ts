export interface CompressOptions {
  /** Lines always kept at the start (default 3: the signature and docstring's start). */
  headLines?: number;
  /** Lines always kept at the end (default 2: how it returns). */
  tailLines?: number;
  /** Keep a line this says to keep too (by its text or its 0-based index), such as one using a queried name. */
  keep?: (line: string, index: number) => boolean;
  /** Renders the marker for omitted lines `from`..`to` (1-based), at `indent`. */
  marker: (from: number, to: number, indent: string) => string;
}

/** What `compressChunk` reads of a chunk. */
export interface CompressibleChunk {
  text: string;
  startLine: number;
  outline?: readonly number[];
}

export interface CompressedChunk {
  text: string;
  /** Lines kept verbatim. */
  keptLines: number;
  /** Ranges (1-based, inclusive) replaced by markers. */
  omitted: Array<[number, number]>;
}

// Exits, in code cut on a syntax tree: its declarations come from the tree
// (the chunk's outline).
const EXITS = /^\s*(?:return\b|throw\b|raise\b|panic!|unreachable!|goto\b)/;

// What carries the shape of text cut on blank lines: Markdown headings and
// reStructuredText underlines.
const HEADINGS = /^(?:#{1,6}\s|[=\-~^"'`#*+]{3,}\s*$)/;

/**
 * Cuts a long chunk down to its structure (see docs/architecture/retrieval.md,
 * 'Packing strategies, cheapest first', step 3): the
 * first and last lines, declarations with their decorators and the opening
 * of their doc comments (the chunk's outline, from its syntax tree), exits
 * (`return`, `throw`, `raise`), headings in text, and lines `keep` asks for, in order, with
 * one marker line for each run of dropped lines. Returns undefined when that
 * would save less than a fifth of the lines: then the chunk is worth showing whole.
 *
 * @example
 * compressChunk({ text, startLine: 120, outline: [120, 120] }, { marker: (a, b, i) => `${i}// … lines ${a}-${b} omitted` })
 * // { text: "async request(method, url) {\n  const init = {\n  // … lines 122-160 omitted\n  return response;\n}", … }
 */
export function compressChunk(
  chunk: CompressibleChunk,
  options: CompressOptions,
): CompressedChunk | undefined {
  const lines = chunk.text.split("\n");
  const cut = keptLinesOf(lines, chunk, options);
  if (!cut) return undefined;
  const { kept, keptLines } = cut;
  const out: string[] = [];
  const omitted: Array<[number, number]> = [];
  for (let i = 0; i < lines.length;) {
    if (kept[i]) {
      out.push(lines[i] as string);
      i++;
      continue;
    }
    const j = endOfRun(kept, i);
    const from = chunk.startLine + i;
    const to = chunk.startLine + j - 1;
    omitted.push([from, to]);
    out.push(options.marker(from, to, indentOfRun(lines, i, j)));
    i = j;
  }
  return { text: out.join("\n"), keptLines, omitted };
}

/**
 * Which lines the structure keeps (1 kept) and how many, or undefined when
 * it would keep more than four in five.
 */
function keptLinesOf(
  lines: readonly string[],
  chunk: CompressibleChunk,
  options: CompressOptions,
): { kept: Uint8Array; keptLines: number } | undefined {
  const head = options.headLines ?? 3;
  const tail = options.tailLines ?? 2;
  const { outline } = chunk;
  const structure = outline ? EXITS : HEADINGS;
  const kept = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    kept[i] =
      i < head ||
      i >= lines.length - tail ||
      structure.test(line) ||
      (outline !== undefined && inRanges(outline, chunk.startLine + i)) ||
      (options.keep?.(line, i) ?? false)
        ? 1
        : 0;
  }
  // A marker costs about what one line does: never drop a single line.
  for (let i = 1; i < lines.length - 1; i++) {
    if (!kept[i] && kept[i - 1] && kept[i + 1]) kept[i] = 1;
  }
  let keptLines = 0;
  for (const k of kept) keptLines += k;
  if (keptLines > lines.length * 0.8) return undefined;
  return { kept, keptLines };
}

/** The end (exclusive) of the run of dropped lines starting at `i`. */
function endOfRun(kept: Uint8Array, i: number): number {
  let j = i;
  while (j < kept.length && !kept[j]) j++;
  return j;
}

/** The indent of the first non-blank line in lines[i..j), so the marker sits where the code did. */
function indentOfRun(lines: readonly string[], i: number, j: number): string {
  for (let k = i; k < j; k++) {
    const line = lines[k] as string;
    if (line.trim() !== "") return /^\s*/.exec(line)?.[0] ?? "";
  }
  return "";
}

/** Whether 1-based `line` falls in one of the flat [start, end] pairs. */
function inRanges(ranges: readonly number[], line: number): boolean {
  for (let i = 0; i + 1 < ranges.length; i += 2)
    if ((ranges[i] as number) <= line && line <= (ranges[i + 1] as number))
      return true;
  return false;
}
