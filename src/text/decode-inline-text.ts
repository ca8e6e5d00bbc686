import { fromMarkdown } from "mdast-util-from-markdown";

/** A text node's source and what a reader sees of it, with the way back. */
export interface DecodedText {
  /** The text as rendered: backslash escapes and character references resolved. */
  value: string;
  /** The source span `[start, end)` that `value.slice(start, end)` came from. */
  sourceOf(start: number, end: number): { start: number; end: number };
}

// A backslash escape and a character reference, as CommonMark reads them (2.4, 2.5).
const ESCAPE_OR_REFERENCE =
  /\\[!-/:-@[-`{-~]|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

const decoded = new Map<string, string>();

/**
 * Resolves the escapes and character references of a text node's source
 * (`other&sol;repo\#5` reads `other/repo#5`), keeping where each character
 * came from, so what is found in the text a reader sees can be cut from the
 * source. A reference is read by the same CommonMark parser as the rest
 * (`&bogus;` stays as written).
 *
 * @example
 * const text = decodeInlineText("a\\_b &amp; c");
 * text.value              // "a_b & c"
 * text.sourceOf(4, 5)     // { start: 5, end: 10 }
 */
export function decodeInlineText(source: string): DecodedText {
  let value = "";
  const starts: number[] = [];
  const ends: number[] = [];
  const push = (text: string, start: number, end: number): void => {
    value += text;
    for (let k = 0; k < text.length; k++) {
      starts.push(start);
      ends.push(end);
    }
  };
  let at = 0;
  for (const m of source.matchAll(ESCAPE_OR_REFERENCE)) {
    for (let k = at; k < m.index; k++) push(source[k] as string, k, k + 1);
    push(decode(m[0]), m.index, m.index + m[0].length);
    at = m.index + m[0].length;
  }
  for (let k = at; k < source.length; k++) push(source[k] as string, k, k + 1);
  return {
    value,
    sourceOf: (start, end) => ({
      start: starts[start] ?? source.length,
      end: ends[end - 1] ?? source.length,
    }),
  };
}

function decode(token: string): string {
  if (token.startsWith("\\")) return token.slice(1);
  let text = decoded.get(token);
  if (text === undefined) {
    const [block] = fromMarkdown(token).children;
    const [inline] = block?.type === "paragraph" ? block.children : [];
    text = inline?.type === "text" ? inline.value : token;
    decoded.set(token, text);
  }
  return text;
}
