import type { GoldLine } from "./gold-lines.js";
import type { ShownLines } from "./shown-lines.js";

/** How much of the gold a context shows. */
export interface ContextScore {
  goldFiles: number;
  /** Gold files with at least one line shown as code. */
  filesFound: number;
  goldLines: number;
  /** Gold lines shown verbatim. */
  linesFound: number;
  /** Gold files found, by path (for reading the JSON). */
  found: string[];
}

/**
 * Scores one context against one instance's gold: a file is found when any of
 * its lines is shown as code (a metadata line naming it does not count); a
 * gold line is found when that exact line is shown (see `shownLines`).
 *
 * @example
 * scoreContext(shown, ["a.py", "b.py"], [{ path: "a.py", line: 3 }])
 * // { goldFiles: 2, filesFound: 1, goldLines: 1, linesFound: 1, found: ["a.py"] }
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
    (g) => shown.byPath.get(g.path)?.has(g.line) ?? false,
  ).length;
  return {
    goldFiles: goldFiles.length,
    filesFound: found.length,
    goldLines: goldLines.length,
    linesFound,
    found,
  };
}
