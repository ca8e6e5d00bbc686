/**
 * A file's lines as git numbers them: split on "\n" after "\r\n" becomes
 * "\n", a final newline starting no further line. The same rule as
 * retrieval's `fileLines`, so line numbers agree with chunks and with the
 * gold hunks (which come from `git diff`).
 *
 * @example
 * splitFileLines("a\r\nb\n") // ["a", "b"]
 * splitFileLines("")         // []
 */
export function splitFileLines(text: string): string[] {
  if (text === "") return [];
  const lf = text.includes("\r\n") ? text.replace(/\r\n/g, "\n") : text;
  return (lf.endsWith("\n") ? lf.slice(0, -1) : lf).split("\n");
}
