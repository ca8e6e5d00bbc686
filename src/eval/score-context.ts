import type { GoldLine } from "./gold-lines.js";
import type { ShownLines } from "./shown-lines.js";

/** How much of the gold a context shows. */
export interface ContextScore {
  goldFiles: number;
  /** Gold files with at least one line shown as code (a body, or a signature line in the map). */
  filesFound: number;
  /** Gold files shown with a body (whole or compressed code), not only by a signature line. */
  filesWithBody?: number;
  goldLines: number;
  /** Gold lines shown verbatim in a body (a signature line of the map is not one). */
  linesFound: number;
  /** Gold files found, by path (for reading the JSON). */
  found: string[];
}

/**
 * Scores one context against one instance's gold: a file is found when any of
 * its lines is shown as code (a metadata line naming it does not count, a
 * signature line of the map does; `filesWithBody` counts those shown with a
 * body apart); a gold line is found when that exact line is shown in a body
 * (see `shownLines`). The map's signature line names where the fix goes but
 * shows none of the code it changes, so it counts toward finding the file,
 * never toward the lines shown.
 *
 * @example
 * scoreContext(shown, ["a.py", "b.py"], [{ path: "a.py", line: 3 }])
 * // { goldFiles: 2, filesFound: 1, filesWithBody: 1, goldLines: 1, linesFound: 1, found: ["a.py"] }
 */
export function scoreContext(
  shown: ShownLines,
  goldFiles: readonly string[],
  goldLines: readonly GoldLine[],
): ContextScore {
  const found = goldFiles.filter(
    (path) => (shown.byPath.get(path)?.size ?? 0) > 0,
  );
  const linesFound = goldLines.filter(
    (g) =>
      (shown.byPath.get(g.path)?.has(g.line) ?? false) &&
      !(shown.signaturesByPath.get(g.path)?.has(g.line) ?? false),
  ).length;
  const withBody = found.filter((path) => {
    const lines = shown.byPath.get(path);
    const signatures = shown.signaturesByPath.get(path);
    return [...(lines ?? [])].some((line) => !signatures?.has(line));
  });
  return {
    goldFiles: goldFiles.length,
    filesFound: found.length,
    filesWithBody: withBody.length,
    goldLines: goldLines.length,
    linesFound,
    found,
  };
}
