/**
 * Up to `count` first lines of `text`, found without splitting the rest of
 * it: a long file's head is read without a copy of every line.
 *
 * @example
 * firstLines("a\nb\nc", 2) // ["a", "b"]
 */
export function firstLines(text: string, count: number): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < count && start <= text.length) {
    const end = text.indexOf("\n", start);
    lines.push(text.slice(start, end < 0 ? text.length : end));
    if (end < 0) break;
    start = end + 1;
  }
  return lines;
}
