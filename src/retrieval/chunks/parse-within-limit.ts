import type { Parser, Tree } from "web-tree-sitter";

// tree-sitter calls the progress callback once every 100 parser operations
// (OP_COUNT_PER_PARSER_CALLBACK_CHECK in its parser.c), a count that depends
// on the text and the grammar alone: the same file gives the same count on
// any machine, under any load, whatever was parsed before it. Calibrated on
// the 14,525 files with a grammar of the 24 dev-set mirrors at HEAD (97 MB):
// real code made at most 26 reports per KB (tracing's tests/macros.rs, 1,756
// over 69 KB; nlohmann's 920 KB json.hpp the most, 4,891); the densest
// ambiguous C++ we could write makes 85 to 113 per KB (`(a)(b)(c)(d)-x;`
// over and over, `f(f(f(…)))`). The limit, 200 plus 200 per KB, is eight
// times real code's rate and twice the contrived ambiguity's: no real file
// comes near it, and a grammar lost in its own ambiguity stops after a
// bounded amount of work.
const DEFAULT_LIMIT: WorkLimit = { base: 200, perKb: 200 };

/** Progress reports (each 100 parser operations) a parse may make: `base` plus `perKb` per 1000 characters. */
export interface WorkLimit {
  base: number;
  perKb: number;
}

// ANSI escapes (ESC, U+001B) in at least one character in a hundred: a
// terminal's output saved as a file (bat's highlighted test fixtures have 7
// in a hundred), not code a grammar was written for. tree-sitter-swift
// crawls on it in its lexer, which reports no progress: over bat's 47 KB of
// ANSI-coloured Swift it made the same 308 reports as any 47 KB file but
// took 0.3 s or 10 to 20 s depending on what the process had parsed before
// (the lexer read its input 14 or 77,295 times), so neither a count nor a
// clock bounds it the same way twice. Code that prints colours holds a few
// escapes (ripgrep's tests/regression.rs: 4 in 55 KB) and is parsed.
const ESCAPES_PER_HUNDRED = 1;

/**
 * Parses `text`, or gives up (undefined) when the parse would take more
 * work than a file of its size should: a grammar can crawl on input it was
 * not written for, and such a file is better cut on blank lines than
 * holding up an index. The limit counts the parser's own operations, never
 * time, so whether a file gets its tree is the same on every machine.
 *
 * @example
 * parseWithinLimit(parser, text) // a Tree (the caller deletes it), or undefined past the limit
 */
export function parseWithinLimit(
  parser: Parser,
  text: string,
  work: WorkLimit = DEFAULT_LIMIT,
): Tree | undefined {
  if (isTerminalOutput(text)) return undefined;
  const limit = work.base + (work.perKb * text.length) / 1000;
  let reports = 0;
  // Returning true from the progress callback cancels the parse.
  const tree = parser.parse(text, null, {
    progressCallback: () => ++reports > limit,
  });
  if (tree) return tree;
  // A cancelled parse would resume where it stopped on the next call.
  parser.reset();
  return undefined;
}

function isTerminalOutput(text: string): boolean {
  let escapes = 0;
  for (
    let at = text.indexOf("\u001b");
    at !== -1;
    at = text.indexOf("\u001b", at + 1)
  )
    escapes++;
  return escapes > 0 && escapes * 100 >= text.length * ESCAPES_PER_HUNDRED;
}
