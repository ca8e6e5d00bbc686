/**
 * The 1-based number of the line of `text` that holds `offset`.
 *
 * @example
 * lineNumberAt("a\nbc\n", 3) // 2
 */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (
    let i = text.indexOf("\n");
    i >= 0 && i < offset;
    i = text.indexOf("\n", i + 1)
  )
    line++;
  return line;
}
