import type { FileKind } from "../../text/file-kind.js";

/**
 * How the kinds of evidence combine into one chunk score. Every bonus is a
 * term weight (QUERY_WEIGHTS, PATH_WEIGHTS) times an inverse-frequency factor,
 * so bonuses and BM25 points share one scale: rare, strongly-weighted evidence
 * counts most, whatever its kind.
 */
export const RANK_WEIGHTS = {
  /**
   * Share of the file's own BM25 score (the file as one document, path
   * included) added to each of its chunks: a chunk that matches a little in a
   * file that matches a lot beats the same chunk in a file that matches nothing
   * else. File-level BM25 is what finds the right file most often (SWE-bench's
   * own retrieval baseline); chunk-level BM25 finds the right place in it.
   */
  fileShare: 0.5,
  /** Query terms in a file's path count this much more than in its text (the baseline puts the path in the document). */
  pathTerm: 1,
  /** A chunk that declares a queried symbol gets this share of the symbol's saturated BM25 points again, on top of using it. */
  definition: 1,
  /** A file named by a path, frame or module: multiplies mention weight × ln(1 + files / files matched). */
  place: 1,
  /** The files of a package named by module count this share of a named file. */
  package: 0.3,
  /** The chunk holding a stack frame's line gets the frame's place bonus again. */
  frameLine: 1,
  /** A literal phrase from the question (an error message) found verbatim in a chunk. */
  phrase: 1.5,
  /**
   * Cross-file evidence (related-evidence.ts), a second pass over the first
   * ranking: the best files pass a share of their best score to their
   * counterparts by path (header ↔ source, a Rust file's parent modules; its
   * submodules get this divided by √ their number, and only those with
   * evidence of their own) …
   */
  counterpart: 0.3,
  /** … and the best chunks pass a share, divided by √ targets, to the chunks in other files declaring a name they use. */
  oneHop: 0.3,
  /** Top files whose counterparts get a share. */
  relatedFiles: 3,
  /** Top chunks (best of each file) whose used names are followed one hop. */
  relatedChunks: 5,
  /** A name declared in more places than this points at none of them. */
  maxDefiners: 3,
  /** Names shorter than this are not followed (`i`, `ok`). */
  minRelatedName: 3,
} as const;

/**
 * Final multipliers by file kind: a maintainer answering a question reads the
 * code that does the work first. Tests and docs are never excluded: they win
 * when they match at least twice as well (a question about a test, a docs
 * build), and lose otherwise. Issues are full of test-like reproducer code, so
 * a milder factor lets tests crowd out the code under test.
 */
export const FILE_KIND_FACTORS: Readonly<Record<FileKind, number>> = {
  code: 1,
  test: 0.5,
  docs: 0.5,
  data: 0.5,
};

/** Change logs mention every name ever fixed; they answer nothing themselves. */
export const CHANGELOG_FACTOR = 0.3;

/** Phrases found in more files than this are too common to be evidence. */
export const MAX_PHRASE_FILES = 40;
