// Characters the ASCII twin of a pattern cuts as the pattern does: ASCII,
// and punctuation and symbols beyond it that are no letter, number, mark
// or surrogate (dashes, quotes, "…", "›", arrows, box drawing), which
// both tell apart from letters and digits alike. Packing writes "…" and
// "›" into nearly every text it counts.
export const TWIN_CHARACTERS =
  "\\x00-\\x7f\\u2010-\\u2027\\u2030-\\u205e\\u2190-\\u21ff\\u2500-\\u257f";
const NON_ASCII = new RegExp(`[^${TWIN_CHARACTERS}]`, "g");

/**
 * `text` cut where its pre-tokens part, into stretches of ASCII characters
 * (and `TWIN_CHARACTERS`) only and stretches that hold others, in order:
 * `[start, end, ascii]`.
 * Each cut is at the start of a line that begins, after spaces and tabs,
 * with a character no whitespace and no "/" (the start of a line that is
 * only "/" at its first column is not cut either): there, the pre-token
 * that holds the line break before ends (tiktoken's patterns end a piece
 * of newlines at the last newline of its whitespace, and a piece of
 * punctuation takes newlines and slashes after it, none of which follow),
 * and the patterns look at no character before where a match starts, so
 * counting the stretches apart counts the text. A text of ASCII only is one
 * stretch; the others are as short as the lines allow.
 *
 * @example
 * asciiStretches("a = 1\nb = 'é'\nc = 2\n") // [[0, 6, true], [6, 14, false], [14, 20, true]]
 */
export function asciiStretches(text: string): Array<[number, number, boolean]> {
  const stretches: Array<[number, number, boolean]> = [];
  let at = 0;
  while (at < text.length) {
    NON_ASCII.lastIndex = at;
    const found = NON_ASCII.exec(text);
    if (!found) {
      stretches.push([at, text.length, true]);
      break;
    }
    const from = cutAtOrBefore(text, found.index, at);
    const to = cutAfter(text, found.index);
    if (from > at) stretches.push([at, from, true]);
    stretches.push([from, to, false]);
    at = to;
  }
  return stretches;
}

// The last cut at or before `index`, no earlier than `floor` (a cut).
function cutAtOrBefore(text: string, index: number, floor: number): number {
  for (
    let start = text.lastIndexOf("\n", index - 1) + 1;
    start > floor;
    start = start >= 2 ? text.lastIndexOf("\n", start - 2) + 1 : 0
  )
    if (isCut(text, start)) return start;
  return floor;
}

// The first cut after `index`, or the text's end.
function cutAfter(text: string, index: number): number {
  for (
    let start = text.indexOf("\n", index) + 1;
    start > 0;
    start = text.indexOf("\n", start) + 1
  )
    if (isCut(text, start)) return start;
  return text.length;
}

/**
 * Whether the pieces of `text` part at `start`, which follows a line break
 * (or the start of a text that follows one): whether the line there is one
 * the pieces before end at. With `open`, more text may follow `text`, so a
 * line of spaces and tabs up to its end is no cut: what follows could join
 * them to the line break before.
 *
 * @example
 * isCut("a:\n  b", 3)        // true: ":\n" ends at the line break
 * isCut("a\n/b", 2)          // false: a piece of punctuation takes the "/"
 * isCut("a\n  ", 2, true)    // false: what follows could continue the spaces
 */
export function isCut(text: string, start: number, open = false): boolean {
  if (text.charCodeAt(start) === 47) return false; // "/"
  let i = start;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (i === text.length) return !open;
  const c = text.charCodeAt(i);
  // Whitespace that could reach another line break, or a character that
  // could be whitespace (beyond ASCII), leave the line joined.
  return c > 32 && c < 127;
}
