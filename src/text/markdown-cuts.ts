import type { Nodes } from "mdast";

/** A piece of Markdown source to replace: `text` in place of `[start, end)`. */
export interface Cut {
  start: number;
  end: number;
  text: string;
}

/**
 * Where a node of a tree from `fromMarkdown` lies in the source it was
 * parsed from, so edits cut the source by offset and leave everything else
 * byte for byte as written.
 */
export function nodeOffsets(node: Nodes): { start: number; end: number } {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  // mdast-util-from-markdown positions every node it builds.
  if (start === undefined || end === undefined)
    throw new Error(`a ${node.type} node has no position`);
  return { start, end };
}

/**
 * `text` with every cut applied. Cuts must not overlap (a node's cut and
 * cuts inside it are never both made).
 *
 * @example
 * applyCuts("a b c", [{ start: 2, end: 3, text: "B" }]) // "a B c"
 */
export function applyCuts(text: string, cuts: readonly Cut[]): string {
  const sorted = [...cuts].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const cut of sorted) {
    out += text.slice(at, cut.start) + cut.text;
    at = cut.end;
  }
  return out + text.slice(at);
}
