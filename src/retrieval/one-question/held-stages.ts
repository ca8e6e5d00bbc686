import type { Bm25Builder } from "../index/bm25-builder.js";
import type { DerivedFile } from "../index/derive-file.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import type { CopyKey } from "../rank/chunk-copies.js";
import type { SourceFile } from "../types.js";

/**
 * A two-stage index as far as it went (`indexForOneQuestion`): the first
 * stage's index, every file but the `shallow` ones on its tree or held,
 * and the index with the trees made since (`parsed`) added to it.
 */
export interface AssembledStages {
  /** The files indexed, in order: a later question on the very same ones (paths and blobs) takes these stages. */
  files: readonly SourceFile[];
  /** The chunk options, as JSON: cut otherwise, nothing here serves. */
  chunkKey: string;
  /** The ids of the files the derived cache lacked: held otherwise, a file is cut otherwise. */
  lacking: readonly number[];
  /** Each file's LF text. */
  texts: string[];
  /** Each file's derivation in `index`: a first pass, or its tree once parsed. */
  derivations: DerivedFile[];
  /** The files cut on their first pass that have a tree to make. */
  shallow: readonly number[];
  /** The builder that counted the derivations' terms, so that a later assembly numbers them without look-ups. */
  counter: Bm25Builder;
  /** The first stage's index: questions are ranked on it to choose their files, as a first call's was. */
  first: RepositoryIndex;
  /** `first`'s copy keys, by chunk id. */
  firstKeys: readonly (CopyKey | undefined)[];
  /** The shallow files parsed since the first stage, for this question or earlier ones. */
  parsed: Set<number>;
  /** `first` with the parsed files' trees in it: what questions are answered from. */
  index: RepositoryIndex;
  /** `index`'s copy keys, by chunk id. */
  keys: readonly (CopyKey | undefined)[];
}

/**
 * Where a session (`askcode mcp`, between its calls) holds the last
 * two-stage index it assembled, so that a question asked before the whole
 * index lands is not indexed in two stages again: it is ranked on the held
 * first stage, as it would be on a new one, and the files it chooses that
 * are not parsed yet are parsed and added to what earlier questions
 * parsed. Its answer then comes from an index with the trees of every
 * question asked since, still partial; the same question asked again gets
 * the very index it got before.
 */
export interface HeldStages {
  last?: AssembledStages;
}

/**
 * The held stages, when they are of these `files` (the same paths and
 * blobs, in the same order), cut with the same options, with the same
 * files lacking from the derived cache; otherwise undefined.
 *
 * @example
 * const stages = heldFor(held, files, chunkKey, lacking) ?? (yield* firstStage(…));
 */
export function heldFor(
  held: HeldStages | undefined,
  files: readonly SourceFile[],
  chunkKey: string,
  lacking: ReadonlySet<SourceFile>,
): AssembledStages | undefined {
  const last = held?.last;
  if (
    !last ||
    last.chunkKey !== chunkKey ||
    last.files.length !== files.length ||
    last.lacking.length !== lacking.size
  )
    return undefined;
  for (const [id, file] of files.entries()) {
    const before = last.files[id] as SourceFile;
    if (
      file.blobSha === undefined ||
      file.blobSha !== before.blobSha ||
      file.path !== before.path
    )
      return undefined;
  }
  return last.lacking.every((id) => lacking.has(files[id] as SourceFile))
    ? last
    : undefined;
}
