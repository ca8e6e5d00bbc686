/**
 * Prefixes each line with its line number and a tab, as `cat -n` does, so
 * the model can cite exact lines without counting.
 *
 * @example
 * numberLines(["a", "b"], 41) // "41\ta\n42\tb"
 */
export function numberLines(
  lines: readonly string[],
  firstLine: number,
): string {
  return lines.map((line, i) => `${firstLine + i}\t${line}`).join("\n");
}

/**
 * Rewrites a reader's note for the model: the code host speaks of `startLine`
 * and `endLine`, the tools' arguments are `start_line` and `end_line`.
 *
 * @example
 * toToolWords("read on with startLine 241.") // "read on with start_line 241."
 */
export function toToolWords(note: string): string {
  return note
    .replace(/\bstartLine\b/g, "start_line")
    .replace(/\bendLine\b/g, "end_line");
}
