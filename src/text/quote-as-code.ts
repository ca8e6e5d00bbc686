import type { Text } from "mdast";
import { codeSpan } from "./code-span.js";
import { decodeInlineText } from "./decode-inline-text.js";
import { nodeOffsets, type Cut } from "./markdown-cuts.js";

/** A piece of a text node's rendered value, `[start, end)`. */
export interface TextMatch {
  start: number;
  end: number;
}

/**
 * Cuts that turn what `find` matches in a text node into code spans, which
 * GitHub shows as written and never links. `find` reads the text as rendered
 * (escapes and character references resolved, `decodeInlineText`), so an
 * escaped or encoded spelling is found too; the source it came from is what
 * is replaced, and the rest of the node stays byte for byte.
 *
 * @example
 * quoteAsCode(source, textNode, (v) => [...v.matchAll(/x+/g)].map(…), backtickRuns(source))
 */
export function quoteAsCode(
  source: string,
  node: Text,
  find: (value: string) => readonly TextMatch[],
  taken: ReadonlySet<number>,
): Cut[] {
  const { start, end } = nodeOffsets(node);
  const text = decodeInlineText(source.slice(start, end));
  return find(text.value).map((match) => {
    const span = text.sourceOf(match.start, match.end);
    return {
      start: start + span.start,
      end: start + span.end,
      text: codeSpan(text.value.slice(match.start, match.end), taken),
    };
  });
}
