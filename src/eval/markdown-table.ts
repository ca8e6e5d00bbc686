/**
 * "71.2%": a share as the reports print it.
 *
 * @example
 * percent(0.7123) // "71.2%"
 */
export function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/**
 * A Markdown table, padded so it reads in a terminal too: the first `names`
 * columns left-aligned (names), the others right-aligned (figures).
 *
 * @example
 * markdownTable(["budget", "Avg"], [["8k", "71.2%"]])
 * // "| budget |   Avg |\n|:-------|------:|\n| 8k     | 71.2% |"
 */
export function markdownTable(
  head: string[],
  rows: string[][],
  names = 1,
): string {
  const widths = head.map((h, c) =>
    Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)),
  );
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, c) => (c < names ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((w, c) => (c < names ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}
