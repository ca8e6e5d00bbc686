/**
 * The lengths of the backtick runs in `markdown`, for `codeSpan`.
 *
 * @example
 * backtickRuns("see `a.ts` and ``b``") // Set { 1, 2 }
 */
export function backtickRuns(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/`+/g)].map((m) => m[0].length));
}

/**
 * `text` as an inline code span, which GitHub shows as written: no link, no
 * image, no reference, no mention. The span is opened with the shortest run
 * of backticks that is neither in `text` nor one of `taken` (the runs of the
 * document it goes into, `backtickRuns`), so it cannot pair with a stray
 * backtick elsewhere and what it wraps stays code. Line breaks become spaces.
 *
 * @example
 * codeSpan("https://example.com/?q=1", new Set())  // "`https://example.com/?q=1`"
 * codeSpan("https://example.com/", new Set([1]))  // "``https://example.com/``"
 */
export function codeSpan(text: string, taken: ReadonlySet<number>): string {
  const flat = text.replace(/\r?\n/g, " ");
  const inText = backtickRuns(flat);
  let n = 1;
  while (taken.has(n) || inText.has(n)) n++;
  const ticks = "`".repeat(n);
  // CommonMark strips one space from each end when both are there, and a
  // backtick next to the fence would join it.
  const pad = /^[ `]|[ `]$/.test(flat) ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}
