/**
 * How much each kind of evidence in a question counts. A term's weight
 * multiplies its BM25 contribution, so these read as "worth N plain mentions".
 * They are judgements about how people write issues, not fitted numbers:
 * the more deliberately a name was written as code, the more it counts.
 */
export const QUERY_WEIGHTS = {
  /** A function named in a stack frame is on the failing path. */
  stackFrameFunction: 3,
  /** `name` in backticks: the writer marked it as a symbol. */
  codeSpan: 3,
  /** snake_case or camelCase in prose: almost surely a symbol, just unformatted. */
  identifier: 2.5,
  /** The exception class of an error ("ValueError", "UnitsError"): often raised where the bug is. */
  errorType: 2.5,
  /** A symbol inside a fenced or indented code block: reproducers call much that is fine. */
  codeBlockIdentifier: 1.5,
  /** A word in quotes: a literal, an option name, a message. A quoted identifier counts as a code span. */
  quoted: 1.5,
  /** A word of an error message: messages are often written literally in the code that raises them. */
  errorMessage: 1.2,
  /** A file or module base name ("fitsrec" from fitsrec.py): names the place directly. */
  pathName: 2,
  /** A plain word in the title: titles summarise. */
  title: 1,
  /** A plain word in the body. */
  word: 0.5,
  /** A plain word inside a code block (keywords and stop words already dropped). */
  codeBlockWord: 0.4,
} as const;

/**
 * How a vocabulary bridge expands a question (`bridgeTerms`): the most one
 * bridged term weighs before its strength (a title word weighs 1, so a guess
 * from other issues counts at most 0.6 of it, and never more than the word
 * it came from), and how many terms one question gains at most, so a long
 * issue is not flooded with guesses. The best of 0.15, 0.3 and 0.6 on a
 * sample of the training part, by a hair (docs/architecture/retrieval.md,
 * 'The vocabulary bridge').
 */
export const BRIDGE = { weight: 0.6, cap: 12 } as const;

/** The parts of a compound identifier (quantity, input of quantity_input) carry this share of its weight. */
export const PART_WEIGHT_FACTOR = 0.4;

/**
 * Each repetition of a term adds this share of its weight, up to
 * MAX_REPEAT_BONUS repetitions: a name the writer keeps coming back to matters
 * more, but a traceback that repeats a word fifty times should not swamp the rest.
 */
export const REPEAT_BONUS = 0.15;
export const MAX_REPEAT_BONUS = 4;

/** Only the strongest terms are scored; longer questions (pasted logs) are cut here. */
export const MAX_QUERY_TERMS = 160;

/**
 * How strongly a mentioned place counts, in the same units as term weights:
 * a path or stack-frame file named outright is evidence several terms deep.
 */
export const PATH_WEIGHTS = {
  /** A path written in the question ("astropy/io/fits/fitsrec.py", "fitsrec.py"). */
  path: 3,
  /** The file of a stack frame: the code ran through there. */
  stackFrame: 2.5,
  /** A dotted module name ("astropy.units.quantity") that is a file or package in the tree. */
  module: 2,
} as const;
