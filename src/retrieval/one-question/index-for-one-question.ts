import { assembleIndexSteps } from "../index/assemble-index.js";
import { Bm25Builder } from "../index/bm25-builder.js";
import type { ChunkOptions } from "../chunks/chunk-file.js";
import {
  chooseFilesToParse,
  type ParseLimits,
} from "./choose-files-to-parse.js";
import { deriveFile, type DerivedFile } from "../index/derive-file.js";
import {
  deriveWithoutTree,
  withoutTree,
} from "../index/derive-without-tree.js";
import type { DerivedCache } from "../index/derived-cache.js";
import type { DerivationCut, DerivationMemo } from "./derivation-memo.js";
import {
  heldFor,
  type AssembledStages,
  type HeldStages,
} from "./held-stages.js";
import {
  firstPassPays,
  treesToMake,
  type FirstPassLimits,
} from "./first-pass-pays.js";
import {
  indexRepositorySteps,
  type RepositoryIndex,
} from "../index/index-repository.js";
import { analyzeQuery } from "../query/query-analysis.js";
import { rankChunksSteps } from "../rank/rank-chunks.js";
import {
  copyKeysSteps,
  groupCopies,
  rememberChunkCopies,
  type CopyKey,
} from "../rank/chunk-copies.js";
import { shareFileAuthorship } from "../rank/set-aside-files.js";
import { lfText } from "../../text/lf-text.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";
import type { SourceFile } from "../types.js";

/** Which files get their tree, and when one stage makes them all. */
export type QuestionIndexLimits = ParseLimits & FirstPassLimits;

export interface QuestionIndexOptions {
  chunk?: ChunkOptions;
  /** What earlier indexing derived per blob: a file held there is used as it is, and the trees made here are kept. */
  derived?: DerivedCache;
  limits?: QuestionIndexLimits;
  /** What earlier questions on these files cut, first passes and trees: reused, not cut again (it changes no choice). */
  memo?: DerivationMemo;
  /** Where a session holds its last two-stage index between questions (see `HeldStages`): taken when it is of these files, and replaced. */
  held?: HeldStages;
}

/** What a two-stage index did, for timings and reports. */
export interface QuestionIndexStats {
  files: number;
  /** Files whose tree was neither held nor made: they keep line or blank-line chunks. */
  withoutTree: number;
  /** Files parsed for this question. */
  parsed: number;
}

/**
 * An index for one question, built in two stages so a first (cold) index of
 * a large repository does not parse every file:
 *
 * 1. every file whose derivation is not held is cut without its syntax tree
 *    (blank lines: a tenth of the cost) and the question is
 *    ranked on that index;
 * 2. the files that can reach the context (`chooseFilesToParse`) are
 *    derived on their tree, and the index is assembled again.
 *
 * Ranking and packing then run on it as on any index: the chosen files are
 * cut and declare names exactly as in a full index; the others keep their
 * first-pass chunks, so they can still be found by their words, but declare
 * nothing. A question on a held repository (every tree cached), or with
 * few trees to make (`firstPassPays`), is one stage: every tree is made.
 * The index serves this question best; for others, index again (the app's
 * `indexForQuestion`, in src/run, builds a full index that serves many),
 * or, in a session that holds its stages (`held`), add to them: a later
 * question on the same files is ranked on the held first stage and only
 * its chosen files not parsed yet are parsed and added (`HeldStages`).
 *
 * @example
 * const { index } = indexForOneQuestion(files, issue.body, { derived });
 */
export function indexForOneQuestion(
  files: readonly SourceFile[],
  question: string,
  options: QuestionIndexOptions = {},
): { index: RepositoryIndex; stats: QuestionIndexStats } {
  return runToEnd(indexForOneQuestionSteps(files, question, options));
}

/** `indexForOneQuestion` as steps (see `Steps`). */
export function* indexForOneQuestionSteps(
  files: readonly SourceFile[],
  question: string,
  options: QuestionIndexOptions = {},
): Steps<{ index: RepositoryIndex; stats: QuestionIndexStats }> {
  const chunk = options.chunk ?? {};
  const { derived } = options;
  const lacking = new Set(derived ? derived.lacking(files, chunk) : files);
  const trees = treesToMake(lacking);
  if (!firstPassPays(trees, options.limits)) {
    const index = yield* indexRepositorySteps(
      files,
      chunk,
      derived ? { derived } : {},
    );
    return {
      index,
      stats: { files: files.length, withoutTree: 0, parsed: trees },
    };
  }
  const chunkKey = JSON.stringify(chunk);
  const stages =
    heldFor(options.held, files, chunkKey, lacking) ??
    (yield* firstStageSteps(files, lacking, chunkKey, options));
  const stats = {
    files: files.length,
    withoutTree: stages.shallow.length - stages.parsed.size,
    parsed: 0,
  };
  if (stages.shallow.length === 0) return { index: stages.first, stats };
  if (options.held) options.held.last = stages;

  // The files chosen on the first stage's index, as a first question's
  // are, whatever earlier questions parsed since.
  const query = analyzeQuery(question);
  const { ranked } = yield* rankChunksSteps(stages.first, query);
  const chosen = chooseFilesToParse(
    stages.first,
    query,
    ranked,
    options.limits,
  );
  const toParse = stages.shallow.filter(
    (id) => chosen.has(id) && !stages.parsed.has(id),
  );
  // Every chosen file already had its tree (a question asked again, or one
  // that matched nothing): the index so far is the final one.
  if (toParse.length === 0) return { index: stages.index, stats };
  yield* addTreesSteps(stages, toParse, options);
  stats.parsed = toParse.length;
  stats.withoutTree -= toParse.length;
  return { index: stages.index, stats };
}

/**
 * The first stage: every file the derived cache lacks cut without its tree
 * (a file with no tree to make is then done, and kept as the cache would
 * keep it), the rest taken from the cache, and the index assembled.
 */
function* firstStageSteps(
  files: readonly SourceFile[],
  lacking: ReadonlySet<SourceFile>,
  chunkKey: string,
  options: QuestionIndexOptions,
): Steps<AssembledStages> {
  const chunk = options.chunk ?? {};
  const { derived } = options;
  const counter = new Bm25Builder();
  const texts: string[] = [];
  const derivations: DerivedFile[] = [];
  const shallow: number[] = [];
  const lackingIds: number[] = [];
  for (const [id, file] of files.entries()) {
    const text = lfText(file.text);
    texts.push(text);
    if (!lacking.has(file)) {
      derivations.push(treeOf(file, text, counter, options));
      yield;
      continue;
    }
    lackingIds.push(id);
    let made = remembered(options, file, text, "first-pass", () =>
      deriveWithoutTree({ path: file.path, text }, chunk, counter),
    );
    if (withoutTree(made, file.path)) shallow.push(id);
    else if (derived)
      made = derived.obtain(file, text, chunk, () => made as DerivedFile);
    derivations.push(made);
    yield;
  }
  const first = yield* assembleIndexSteps(files, texts, derivations, {
    counter,
    // For the second stage's assembly, if there is one.
    keepNumbering: shallow.length > 0,
  });
  // The copies among the chunks, found once: a later stage's index hashes
  // only the chunks of the files it parses.
  let firstKeys: readonly (CopyKey | undefined)[] = [];
  if (shallow.length > 0) {
    firstKeys = yield* copyKeysSteps(first);
    rememberChunkCopies(first, groupCopies(first, firstKeys));
  }
  return {
    files,
    chunkKey,
    lacking: lackingIds,
    texts,
    derivations,
    shallow,
    counter,
    first,
    firstKeys,
    parsed: new Set(),
    index: first,
    keys: firstKeys,
  };
}

/**
 * The second stage (or a later question's): `toParse` derived on their
 * trees and added to the index so far. Only the parsed files' chunks are
 * made anew, and each term is numbered through the counter's id. The
 * stages change only once all is done, so a failure leaves them whole.
 */
function* addTreesSteps(
  stages: AssembledStages,
  toParse: readonly number[],
  options: QuestionIndexOptions,
): Steps<void> {
  const derivations = [...stages.derivations];
  for (const id of toParse) {
    const file = stages.files[id] as SourceFile;
    derivations[id] = treeOf(
      file,
      stages.texts[id] as string,
      stages.counter,
      options,
    );
    yield;
  }
  const adding = new Set(toParse);
  const unchanged = (fileId: number) => !adding.has(fileId);
  const index = yield* assembleIndexSteps(
    stages.files,
    stages.texts,
    derivations,
    {
      counter: stages.counter,
      earlier: { index: stages.index, unchanged },
      // For a later question's assembly, if there is one.
      keepNumbering: true,
    },
  );
  const keys = yield* copyKeysSteps(index, {
    index: stages.index,
    keys: stages.keys,
    unchanged,
  });
  rememberChunkCopies(index, groupCopies(index, keys));
  shareFileAuthorship(stages.first, index);
  stages.derivations = derivations;
  stages.index = index;
  stages.keys = keys;
  for (const id of toParse) stages.parsed.add(id);
}

/** A file's derivation on its tree: the derived cache's, the memo's, or made now (then kept by both). */
function treeOf(
  file: SourceFile,
  text: string,
  counter: Bm25Builder,
  options: QuestionIndexOptions,
): DerivedFile {
  const chunk = options.chunk ?? {};
  const fresh = () =>
    remembered(options, file, text, "tree", () =>
      deriveFile({ path: file.path, text }, chunk, counter),
    );
  return options.derived
    ? options.derived.obtain(file, text, chunk, fresh)
    : fresh();
}

/** The memo's cut of `file`, or the one `derive` makes. */
function remembered(
  options: QuestionIndexOptions,
  file: SourceFile,
  text: string,
  cut: DerivationCut,
  derive: () => DerivedFile,
): DerivedFile {
  return options.memo
    ? options.memo.obtain(file, text, options.chunk ?? {}, cut, derive)
    : derive();
}
