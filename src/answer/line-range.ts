/** Lines `[first, last]` of a file, 1-based and inclusive. */
export type LineRange = [number, number];

/**
 * Sorts ranges and merges those that overlap or touch: what a reader saw of a
 * file, as few ranges as possible.
 *
 * @example
 * mergeRanges([[20, 30], [1, 10], [11, 12], [25, 40]]) // [[1, 12], [20, 40]]
 */
export function mergeRanges(ranges: readonly LineRange[]): LineRange[] {
  const sorted = [...ranges]
    .map(([a, b]): LineRange => (a <= b ? [a, b] : [b, a]))
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const merged: LineRange[] = [];
  for (const [a, b] of sorted) {
    const last = merged.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/**
 * How a citation writes lines: `path:12`, `path:12-20` in prose and code
 * spans; GitHub's `#L12-L20` in link targets.
 *
 * @example
 * formatLines([12, 20], ":") // ":12-20"
 * formatLines([12, 12], "#L") // "#L12"
 * formatLines(undefined, ":") // ""
 */
export function formatLines(
  range: LineRange | undefined,
  style: ":" | "#L",
): string {
  if (!range) return "";
  const [a, b] = range;
  if (a === b) return `${style}${a}`;
  return style === ":" ? `:${a}-${b}` : `#L${a}-L${b}`;
}
