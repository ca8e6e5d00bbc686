import { splitFileLines } from "./file-lines.js";

/**
 * A file's lines by path, split once and kept: the gold and every context
 * read back (per budget, per system) ask for the same files again.
 *
 * @example
 * const linesOf = linesOfTexts(new Map([["a.py", "x\ny\n"]]));
 * linesOf("a.py") // ["x", "y"]
 * linesOf("b.py") // undefined: never read
 */
export function linesOfTexts(
  texts: ReadonlyMap<string, string>,
): (path: string) => string[] | undefined {
  const lineCache = new Map<string, string[]>();
  return (path) => {
    let lines = lineCache.get(path);
    if (!lines) {
      const text = texts.get(path);
      if (text === undefined) return undefined;
      lines = splitFileLines(text);
      lineCache.set(path, lines);
    }
    return lines;
  };
}
