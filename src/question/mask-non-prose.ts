/**
 * Blanks out the parts of a GitHub Markdown text where a mention is not a
 * request: fenced code blocks, inline code, quoted lines (`> …`, and the
 * lazy lines that continue a quoted paragraph) and HTML comments (issue
 * templates are full of them, and they never render). Every masked
 * character becomes a space and newlines stay, so offsets into the result
 * are offsets into the original.
 *
 * A simplification of CommonMark's block rules, on purpose: indented code
 * blocks are not masked (four spaces are far more often a nested list in a
 * comment), and a fence opens at any indentation (a fence in a list item
 * still fences code).
 *
 * @example
 * maskNonProse("ask `@bot` here").indexOf("@bot") // -1
 * maskNonProse("> @bot said\n@bot").indexOf("@bot") // 12
 */
export function maskNonProse(text: string): string {
  return maskInlineCode(maskBlocks(maskHtmlComments(text)));
}

function blank(text: string): string {
  return text.replace(/[^\n]/g, " ");
}

function maskHtmlComments(text: string): string {
  // An unclosed comment hides the rest of the text, as GitHub renders it.
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, blank);
}

// A line that starts a new block, and so ends a quote's lazy continuation.
const BLOCK_START = /^\s{0,3}(?:[-*+]\s|\d{1,9}[.)]\s|#{1,6}(?:\s|$)|```|~~~)/;

function maskBlocks(text: string): string {
  const lines = text.split("\n");
  let fence: string | undefined;
  let inQuote = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence !== undefined) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length)
        fence = undefined;
      lines[i] = blank(line);
      continue;
    }
    const open = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    // A backtick fence's info string may not contain a backtick (CommonMark 4.5).
    if (
      open &&
      !(open[0] === "`" && line.trimStart().slice(open.length).includes("`"))
    ) {
      fence = open;
      inQuote = false;
      lines[i] = blank(line);
      continue;
    }
    // A quote may open a list item too: "- > quoted".
    if (/^\s{0,3}(?:(?:[-*+]|\d{1,9}[.)])\s+)?>/.test(line)) inQuote = true;
    else if (line.trim() === "" || BLOCK_START.test(line)) inQuote = false;
    if (inQuote) lines[i] = blank(line);
  }
  return lines.join("\n");
}

// A run of n backticks opens a code span that the next run of exactly n
// closes, within one paragraph; with no closer the backticks are literal.
function maskInlineCode(text: string): string {
  let result = "";
  let at = 0;
  const opener = /`+/g;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(text)) !== null) {
    const run = match[0];
    const closer = new RegExp(`(?<!\`)${run}(?!\`)`, "g");
    closer.lastIndex = match.index + run.length;
    const close = closer.exec(text);
    const inside = close
      ? text.slice(match.index, close.index + run.length)
      : undefined;
    if (!close || inside === undefined || /\n\s*\n/.test(inside)) continue;
    result += text.slice(at, match.index) + blank(inside);
    at = close.index + run.length;
    opener.lastIndex = at;
  }
  return result + text.slice(at);
}
