import type { LineRange } from "./line-range.js";

/** Why a citation cannot be linked. */
export type RemovalCode =
  /** Not a repository path at all (`../x`, an absolute path). */
  | "invalid"
  /** A file askcode never reads (`.env`, keys): never linked either. */
  | "secret"
  /** No file at this path in the commit. */
  | "missing"
  /** A directory, a submodule or a link, not a file. */
  | "not-a-file"
  /** Several shown files end with the cited path. */
  | "ambiguous"
  /** The file exists, but the run never showed it to the model. */
  | "unseen"
  /** The lines are past the end of the file, or none of them was shown. */
  | "lines";

/**
 * What checking one citation against the repository decided:
 * - `kept`: it names a file (and lines) the run showed;
 * - `corrected`: it does once `path` or `range` is changed as `why` says;
 * - `removed`: nothing it could unambiguously mean was shown.
 */
export type CitationVerdict =
  | { status: "kept"; path: string; range?: LineRange }
  | { status: "corrected"; path: string; range?: LineRange; why: string }
  | { status: "removed"; code: RemovalCode; why: string };

/**
 * Checks one cited path and optional line range against the repository at
 * the run's commit and against what the run showed the model.
 */
export type VerifyCitation = (
  path: string,
  range?: LineRange,
) => Promise<CitationVerdict>;
