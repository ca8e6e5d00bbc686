import type { Parser, Tree } from "web-tree-sitter";

// Parsing runs at 0.3 to 5 MB/s on real code (Swift's grammar the slowest);
// this allows down to 50 KB/s, a sixth of the slowest, room for a busy
// machine, plus a fixed allowance for small files.
const BASE_MS = 500;
const MS_PER_KB = 20;

/**
 * Parses `text`, or gives up (undefined) once parsing has taken longer than
 * a file of its size should: a grammar can crawl on input it was not written
 * for (tree-sitter-swift took 10 s over 47 KB of ANSI-coloured Swift in bat's
 * tests, against 30 ms for the same code plain), and such a file is better
 * cut on blank lines than holding up an index.
 *
 * @example
 * parseInTime(parser, text) // a Tree (the caller deletes it), or undefined when too slow
 */
export function parseInTime(
  parser: Parser,
  text: string,
  now: () => number = () => performance.now(),
): Tree | undefined {
  const deadline = now() + BASE_MS + (MS_PER_KB * text.length) / 1000;
  // Returning true from the progress callback cancels the parse.
  const tree = parser.parse(text, null, {
    progressCallback: () => now() > deadline,
  });
  if (tree) return tree;
  // A cancelled parse would resume where it stopped on the next call.
  parser.reset();
  return undefined;
}
