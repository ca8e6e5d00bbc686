/**
 * Cuts lines `lo..hi` (0-based, inclusive) into ranges of at most `maxChars`,
 * at blank lines where it can and between lines where it must: the fallback for
 * text without declarations (Markdown, YAML, a language we do not parse) and
 * for declarations too deeply nested to cut by structure.
 *
 * @example
 * // lines "aaaaaaaaa", "", "bbbbbbbbb", "", "ccccccccc" (10 characters each with the newline), limit 25
 * splitPlain(blank, 0, 4, size, 25) // [[0, 1], [2, 3], [4, 4]]
 */
export function splitPlain(
  blank: Uint8Array,
  lo: number,
  hi: number,
  size: (a: number, b: number) => number,
  maxChars: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = lo;
  // The last blank line seen in the current range: the preferred place to cut.
  let lastBlank = -1;
  for (let i = lo; i <= hi; i++) {
    if (i > start && size(start, i) > maxChars) {
      const cut = lastBlank >= start ? lastBlank : i - 1;
      out.push([start, cut]);
      start = cut + 1;
      lastBlank = -1;
    }
    if (blank[i] === 1) lastBlank = i;
  }
  if (start <= hi) out.push([start, hi]);
  return out;
}
