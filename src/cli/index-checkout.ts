import { availableParallelism } from "node:os";
import type { CodeReader } from "../code-host/code-host.js";
import { textBlobSha } from "../code-host/github/git-blob-sha.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { DerivationMemo } from "../retrieval/one-question/derivation-memo.js";
import type { HeldStages } from "../retrieval/one-question/held-stages.js";
import type { StampedValues } from "../code-host/file-set/stamped-values.js";
import { indexFilesForQuestion } from "../retrieval/one-question/index-files-for-question.js";
import type { QuestionIndexLimits } from "../retrieval/one-question/index-for-one-question.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../retrieval/read-repository-files.js";
import type { IndexSnapshots } from "./index-snapshots.js";
import type { SourceFile } from "../retrieval/types.js";
import type { CpuPool } from "../worker-threads/cpu-pool.js";

export interface IndexedCheckout {
  files: SourceFile[];
  index: RepositoryIndex;
  readMs: number;
  indexMs: number;
  /**
   * Files left with their first-pass chunks (blank lines, no declarations)
   * by a question's index (see `indexForOneQuestion`); their trees are then
   * not in `derived` either. 0: every file was derived on its syntax tree
   * where its language has one, the index that indexing without a question
   * builds.
   */
  withoutTree: number;
}

// Threads for a first read: beyond four, the files of one checkout gain little.
const MAX_THREADS = 4;
// Files to derive from which threads pay for their start: on two cores,
// flask (236 files) cold took 1.13 s in place and 1.26 s on threads, mypy
// (1,921) 6.0 s in place and 5.5 s on threads.
const MIN_FILES_FOR_THREADS = 400;

// The threads are the work here, not beside it: normal priority. Loaded
// only for a first read that wants them: piscina costs a warm run 23 ms.
const defaultCpuPool = async (threads: number) => {
  const { createCpuPool } = await import("../worker-threads/cpu-pool.js");
  return createCpuPool({ threads, background: false });
};

/**
 * Reads a checkout and indexes it, deriving (chunking into syntax trees and
 * counting terms) only the files whose blobs `derived` does not hold, as
 * the app's `indexForQuestion` does across commits. A commit read from
 * git's objects names each blob; the working tree does not, so its files
 * are named by the git blob SHA of their text as read (without its final
 * newline): a key that changes whenever the text does, though not the SHA
 * `git hash-object` gives.
 *
 * With `snapshots`, a complete index kept earlier is loaded instead of
 * built: found by the tree's stamp before listing (`reader.treeStamp`),
 * by the listing before any file is read, or else by the files once read.
 * Only complete indexes are kept. The stamp finds an index only if it was
 * the same before the files were read and after: a file changed meanwhile
 * could be read changed and stamped unchanged.
 *
 * The files read are indexed as the app and eval index theirs
 * (`indexFilesForQuestion`): given the one `question` the index is for, and
 * many trees to make (`firstPassPays`), only the files that can reach its
 * context get their tree; the result then has files `withoutTree`. The
 * trees made are saved to `derived` all the same, so a later question
 * parses fewer, unless `leavePartialUnsaved` leaves them to a whole index.
 *
 * @example
 * const { index, files, withoutTree } = await indexCheckout(host.at(sha), { derived, now: () => performance.now(), question });
 */
export async function indexCheckout(
  reader: CodeReader,
  deps: {
    derived?: DerivedCache;
    /** Whole indexes kept by the files they index: one for exactly these files is loaded, not assembled. */
    snapshots?: IndexSnapshots;
    now: () => number;
    /** Threads to derive on when many files lack a derivation (default: one per core, at most 4). */
    createCpuPool?: (threads: number) => CpuPool | Promise<CpuPool>;
    /** Cores to count on (default `os.availableParallelism()`). */
    cores?: number;
    /** The one question the index is for (none: the full index, for any question). */
    question?: string;
    /** With `question`: which files get their tree, and up to how many trees one stage makes (defaults: see `QuestionIndexLimits`). */
    questionLimits?: QuestionIndexLimits;
    /** With `question`: what earlier questions' two-stage indexes cut, kept by a session between calls (see `DerivationMemo`). */
    memo?: DerivationMemo;
    /** With `question`: where a session holds its last two-stage index between questions (see `HeldStages`). */
    held?: HeldStages;
    /**
     * The files read, kept by the tree's stamp they were read at (`askcode
     * mcp`'s session, between calls): a checkout whose stamp did not move
     * is not listed and read again (nor its 61 MB hashed, on 6,713 files).
     */
    stampedFiles?: StampedValues<SourceFile[]>;
    /**
     * Leaves what a partial index derived unsaved, for the whole index that
     * follows it (`startBackgroundIndex`) to derive and save with the rest:
     * writing an entry per file costs a first question more than deriving
     * it again costs the background (on a 6,713-file checkout, 5,814
     * entries took 1-2.5 s to write; the files without a tree to make are
     * cut in a fraction of that, and the trees made are a few hundred).
     */
    leavePartialUnsaved?: boolean;
  },
): Promise<IndexedCheckout> {
  const { derived, snapshots, now, question, questionLimits } = deps;
  const started = now();
  // An unchanged checkout's index, found before listing or reading a file.
  const tree = (snapshots || deps.stampedFiles) && (await reader.treeStamp?.());
  const unlisted = tree && (await snapshots?.getByTree(tree));
  // The files an earlier call read at this very stamp, when it found no
  // index for them: neither listed nor read again (looked up, not read:
  // `obtain` keeps nothing `read` does not give).
  const heldFiles =
    tree && !unlisted
      ? await deps.stampedFiles?.obtain("", tree, async () => undefined)
      : undefined;
  const listing =
    snapshots && !unlisted && !heldFiles
      ? (await reader.listTree()).entries
      : undefined;
  const unread =
    unlisted || (listing && (await snapshots?.getByListing(listing)));
  // Found by the tree's stamp as well from now, if it did not move.
  const noteTree = async (files: readonly SourceFile[]) => {
    if (tree && (await reader.treeStamp?.())?.key === tree.key)
      await snapshots?.noteTree(files, tree);
  };
  if (unread && !unlisted) await noteTree(unread.files);
  if (unread)
    return {
      // The index holds each file's text; nothing reads these again.
      files: unread.files,
      index: unread,
      readMs: now() - started,
      indexMs: 0,
      withoutTree: 0,
    };
  const files = heldFiles ?? (await readNamedFiles(reader));
  // Read after the stamp was taken: a file changed since changes it.
  if (tree && !heldFiles)
    await deps.stampedFiles?.obtain("", tree, async () => files);
  const readMs = now() - started;
  const indexing = now();
  // Only complete indexes are kept: one for these files answers any question.
  const kept = await snapshots?.get(files);
  if (kept && listing) await snapshots?.noteListing(files, listing);
  if (kept) await noteTree(files);
  if (kept)
    return {
      files,
      index: kept,
      readMs,
      indexMs: now() - indexing,
      withoutTree: 0,
    };
  const { index, withoutTree } = await indexFilesForQuestion(files, {
    ...(derived ? { derived } : {}),
    ...(question !== undefined ? { question } : {}),
    ...(questionLimits ? { limits: questionLimits } : {}),
    ...(deps.memo ? { memo: deps.memo } : {}),
    ...(deps.held ? { held: deps.held } : {}),
    deriveElsewhere: (lacking) => threadsFor(lacking, deps),
  });
  // The process ends after this question: the next run reads what is saved.
  if (derived && !(withoutTree > 0 && deps.leavePartialUnsaved))
    await derived.save();
  // An index that kept first-pass chunks must not be loaded later as the
  // index of these files.
  if (withoutTree === 0 && snapshots) {
    await snapshots.put(files, index, listing);
    await noteTree(files);
  }
  return { files, index, readMs, indexMs: now() - indexing, withoutTree };
}

/** Every file of the checkout, each named by its blob (see `indexCheckout`). */
async function readNamedFiles(reader: CodeReader): Promise<SourceFile[]> {
  const read = await readRepositoryFiles(reader);
  return read.files.map((file) =>
    file.blobSha ? file : { ...file, blobSha: textBlobSha(file.text) },
  );
}

/** Threads to derive `lacking` files on, when they repay their start. */
async function threadsFor(
  lacking: number,
  deps: {
    createCpuPool?: (threads: number) => CpuPool | Promise<CpuPool>;
    cores?: number;
  },
): Promise<CpuPool | undefined> {
  const threads = Math.min(MAX_THREADS, deps.cores ?? availableParallelism());
  // Nothing else runs meanwhile, so every core derives; a thread costs its
  // start (loading the grammars and secretlint's rules again), which only
  // a first read of a larger checkout repays.
  return threads > 1 && lacking >= MIN_FILES_FOR_THREADS
    ? await (deps.createCpuPool ?? defaultCpuPool)(threads)
    : undefined;
}
