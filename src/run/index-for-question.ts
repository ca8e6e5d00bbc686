import type { CodeReader } from "../code-host/code-host.js";
import type { BuildContextOptions } from "../retrieval/build-context.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { IndexCache } from "../retrieval/index/index-cache.js";
import {
  indexRepositorySteps,
  type indexRepository,
  type RepositoryIndex,
} from "../retrieval/index/index-repository.js";
import { indexFilesForQuestion } from "../retrieval/one-question/index-files-for-question.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";
import { eventLoopSlices } from "../shared/time-slices.js";
import {
  collectFiles,
  type CollectedFiles,
  type CollectFilesOptions,
} from "../retrieval/candidates/collect-files.js";

export interface QuestionIndex {
  index: RepositoryIndex;
  /** How the files were collected (`CollectedFiles.mode`). */
  mode: CollectedFiles["mode"];
  /** Why candidates, in words, for the log. */
  note?: string;
  /** The index was built by another question on this commit (no file was read). */
  reused: boolean;
}

export interface IndexForQuestionOptions extends CollectFilesOptions {
  /** Where indexes of whole repositories are kept, and this commit's key (`indexKey`). */
  cache?: { indexes: IndexCache; key: string };
  /**
   * What indexing derived per blob SHA, across commits and questions: a
   * build derives only the files whose blobs it does not hold (read from its
   * blob store first, when it has one) and stores what it derived.
   */
  derived?: DerivedCache;
  /**
   * Threads that derive the files `derived` does not hold (all the files,
   * without it), so the event loop only assembles the index; none: every
   * file is derived on the event loop, in time slices.
   */
  cpu?: Pick<CpuPool, "derive">;
}

export interface IndexForQuestionDeps {
  collectFiles: typeof collectFiles;
  /** By default in time slices of the event loop: indexing a repository takes seconds, a webhook waits for none of it. */
  indexRepository: (
    ...args: Parameters<typeof indexRepository>
  ) => RepositoryIndex | Promise<RepositoryIndex>;
}

const defaultDeps: IndexForQuestionDeps = {
  collectFiles,
  indexRepository: (files, options, reuse) =>
    eventLoopSlices.run(indexRepositorySteps(files, options, reuse)),
};

/**
 * The index one question ranks. A repository read whole gives the same
 * index for every question on its commit, so with a cache a second question
 * reads no file and indexes nothing, and questions asked together share one
 * build. Candidates (a repository over the snapshot cap) depend on the
 * question, so their index is built for it alone and never kept. With a
 * derived cache, a build on a new commit chunks and counts only the files
 * that changed (by blob SHA), in either mode.
 *
 * @example
 * const { index, reused } = await indexForQuestion(reader, candidateQueries(question), {
 *   maxRepositoryBytes, exclude, cache: { indexes, key: indexKey({ namespace, owner, repo, sha, excludePaths }) }, derived,
 * });
 */
export async function indexForQuestion(
  reader: CodeReader,
  queries: readonly string[],
  options: IndexForQuestionOptions,
  deps: Partial<IndexForQuestionDeps> = {},
): Promise<QuestionIndex> {
  const d = { ...defaultDeps, ...deps };
  const collectAndIndex = async (): Promise<QuestionIndex> => {
    const collected = await d.collectFiles(reader, queries, options);
    const { derived, cpu } = options;
    // No question: the full index, which `cache` keeps for every question
    // on a commit read whole (candidates are too few files for two stages
    // to pay). The threads are the app's, shared by every question: not
    // closed here.
    const { index } = await indexFilesForQuestion(collected.files, {
      ...(derived ? { derived } : {}),
      ...(cpu ? { deriveElsewhere: () => ({ derive: cpu.derive }) } : {}),
      indexRepository: d.indexRepository,
    });
    // Writing to disk is for later questions: this one does not wait for it
    // (the blob store never throws for the disk's sake).
    if (derived) void derived.save();
    return {
      index,
      mode: collected.mode,
      ...(collected.note === undefined ? {} : { note: collected.note }),
      reused: false,
    };
  };
  const { cache } = options;
  if (!cache) return collectAndIndex();
  const own: { built?: QuestionIndex } = {};
  const held = await cache.indexes.obtain(cache.key, async () => {
    own.built = await collectAndIndex();
    return own.built.mode === "repository" ? own.built.index : undefined;
  });
  if (own.built) return own.built;
  if (held) return { index: held, mode: "repository", reused: true };
  // A question asked alongside found this commit over the cap: its
  // candidates were named by its own question, not this one.
  return collectAndIndex();
}

/**
 * How to pack what this index holds: an index of candidates is a partial
 * view, and the packing note tells the model why and that the tools can read
 * the rest; a whole repository needs nothing said.
 *
 * @example
 * await buildContext({ reader, index: collected.index, question, budget, tokenCounter, ...packingFor(collected) });
 */
export function packingFor(collected: QuestionIndex): {
  options?: BuildContextOptions;
} {
  if (collected.mode !== "candidates") return {};
  return {
    options: {
      pack: {
        partialView:
          collected.note ?? "the repository is too large to read whole",
      },
    },
  };
}
