import type { FileKind } from "../../text/file-kind.js";

/**
 * The fixed parts of ranking that the evidence weights (evidence-weights.ts)
 * do not cover: how far cross-file evidence reaches, and which names are too
 * short or too common to follow.
 */
export const RANK_WEIGHTS = {
  /** The files of a package named by module count this share of a named file. */
  package: 0.3,
  /** Top files whose counterparts get a share. */
  relatedFiles: 3,
  /** Top chunks (best of each file) whose names are followed one hop, out and in. */
  relatedChunks: 5,
  /** A name declared in more places than this points at none of them. */
  maxDefiners: 3,
  /** A name used in more chunks than this (`get`, `push`) points at none of its callers. */
  maxCallers: 12,
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

/**
 * Files a tool wrote or copied in (`fileAuthorship`: generated, vendored,
 * amalgamated) rank below the sources they come from: fixes are made in the
 * sources, and a generated man page or single header matches the question's
 * words as well as what it was built from. Not applied to a file the
 * question names (a path, a stack frame).
 */
export const SET_ASIDE_FACTOR = 0.25;

/** Change logs mention every name ever fixed; they answer nothing themselves. */
export const CHANGELOG_FACTOR = 0.3;

/** Phrases found in more files than this are too common to be evidence. */
export const MAX_PHRASE_FILES = 40;
