import { loadGrammarsFor } from "../chunks/chunk-file.js";
import { buildIndex, type DeriveMany } from "../index/build-index.js";
import type { DerivedCache } from "../index/derived-cache.js";
import {
  indexRepository,
  type IndexReuse,
  type RepositoryIndex,
} from "../index/index-repository.js";
import type { ChunkOptions } from "../chunks/chunk-file.js";
import type { SourceFile } from "../types.js";
import type { DerivationMemo } from "./derivation-memo.js";
import type { HeldStages } from "./held-stages.js";
import { firstPassPays, treesToMake } from "./first-pass-pays.js";
import {
  indexForOneQuestion,
  type QuestionIndexLimits,
} from "./index-for-one-question.js";

/** Somewhere else to derive many files at once (a `CpuPool`'s threads), closed after the build when it says how. */
export interface DeriveElsewhere {
  derive: DeriveMany;
  close?: () => Promise<void>;
}

export interface IndexFilesForQuestionOptions {
  /** What indexing derived before, by blob: loaded from its store first, and only what it lacks is derived. Saving it is the caller's. */
  derived?: DerivedCache;
  /**
   * The one question the index is for: when many trees are lacking
   * (`firstPassPays`), only the files that can reach its context get their
   * tree (`indexForOneQuestion`). None: the full index, for any question.
   */
  question?: string;
  /** With `question`: which files get their tree, and up to how many trees one stage makes. */
  limits?: QuestionIndexLimits;
  /** With `question`: what earlier questions' two-stage indexes cut (see `DerivationMemo`). */
  memo?: DerivationMemo;
  /** With `question`: where a session holds its last two-stage index between questions (see `HeldStages`). */
  held?: HeldStages;
  /** How files are cut (none: `chunkFile`'s defaults, what askcode ships; eval measures others). */
  chunk?: ChunkOptions;
  /**
   * For the full index, given how many files `derived` lacks: where to
   * derive them, or none to derive each in place while indexing.
   */
  deriveElsewhere?: (
    lacking: number,
  ) => DeriveElsewhere | undefined | Promise<DeriveElsewhere | undefined>;
  /** Assembles the full index (default `indexRepository`; the app runs it in time slices, eval's tests count it). */
  indexRepository?: (
    files: readonly SourceFile[],
    options: ChunkOptions,
    reuse: IndexReuse,
  ) => RepositoryIndex | Promise<RepositoryIndex>;
}

export interface FilesIndexedForQuestion {
  index: RepositoryIndex;
  /** Files left with first-pass chunks (no tree, no declarations); 0 for the full index. */
  withoutTree: number;
}

/**
 * The one way askcode indexes the files read for a question, shared by the
 * app (`indexForQuestion`, over files read through GitHub), the CLI
 * (`indexCheckout`, a checkout read through git) and eval (`runInstance`, a
 * mirror at the instance's base commit). What differs is passed in, or
 * stays with the caller for a reason. Reading: the app reads through
 * GitHub with askcode's secrets redacted (a model reads the files and the
 * answer is posted), candidates when the repository is too large to read
 * whole; the CLI and eval read a checkout on disk through git, whole,
 * unredacted (nothing leaves the machine), the CLI naming a working tree's
 * files by the blob SHA of their text, eval leaving out its exclusions.
 * The index caches in front of this are the caller's (the app's per-commit
 * index, the CLI's snapshots), as is when to save `derived` (the app does
 * not wait for the disk, the CLI does before it exits, eval keeps it in
 * memory).
 *
 * 1. load what `derived` holds of these files;
 * 2. with a question and many trees lacking, index in two stages for it
 *    (in place: the first pass is cheap and few files are parsed after it,
 *    too few to repay threads);
 * 3. otherwise the full index, the lacking files derived `deriveElsewhere`
 *    when it offers a place.
 *
 * @example
 * const { index, withoutTree } = await indexFilesForQuestion(files, { derived, question, limits });
 */
export async function indexFilesForQuestion(
  files: readonly SourceFile[],
  options: IndexFilesForQuestionOptions = {},
): Promise<FilesIndexedForQuestion> {
  const { derived, question, limits } = options;
  const chunk = options.chunk ?? {};
  if (derived) await derived.load(files, chunk);
  const lacking = derived ? derived.lacking(files, chunk) : files;
  if (question !== undefined && firstPassPays(treesToMake(lacking), limits)) {
    await loadGrammarsFor(files);
    const built = indexForOneQuestion(files, question, {
      ...(derived ? { derived } : {}),
      ...(limits ? { limits } : {}),
      ...(options.memo ? { memo: options.memo } : {}),
      ...(options.held ? { held: options.held } : {}),
      ...(options.chunk ? { chunk: options.chunk } : {}),
    });
    return { index: built.index, withoutTree: built.stats.withoutTree };
  }
  const elsewhere = await options.deriveElsewhere?.(lacking.length);
  try {
    const index = await buildIndex(
      files,
      {
        ...(derived ? { derived } : {}),
        ...(elsewhere ? { deriveMany: elsewhere.derive } : {}),
        ...(options.chunk ? { chunk: options.chunk } : {}),
      },
      options.indexRepository ?? indexRepository,
    );
    return { index, withoutTree: 0 };
  } finally {
    await elsewhere?.close?.();
  }
}
