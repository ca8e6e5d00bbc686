import type { ContextScore } from "./score-context.js";

/**
 * One context's score for a progress line, in the order the tables lead
 * with: gold files shown with a body, gold lines shown, then gold files
 * including those named only in the map.
 *
 * @example
 * scoreLine({ goldFiles: 2, filesFound: 2, filesWithBody: 1, goldLines: 31, linesFound: 20, found: [] })
 * // "body 1/2 lines 20/31 +map 2/2"
 */
export function scoreLine(score: ContextScore): string {
  const { goldFiles, goldLines } = score;
  // Results written before the map existed have no body count: all were bodies.
  const withBody = score.filesWithBody ?? score.filesFound;
  return (
    `body ${withBody}/${goldFiles} lines ${score.linesFound}/${goldLines} ` +
    `+map ${score.filesFound}/${goldFiles}`
  );
}
