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
 * `indexForQuestion`, in src/run, builds a full index that serves many).
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
  const { derived, memo } = options;
  const remembered = (
    file: SourceFile,
    text: string,
    cut: DerivationCut,
    derive: () => DerivedFile,
  ) => (memo ? memo.obtain(file, text, chunk, cut, derive) : derive());
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
  let counter: Bm25Builder | undefined;
  const counting = () => (counter ??= new Bm25Builder());
  const texts: string[] = [];
  const derivations: DerivedFile[] = [];
  const shallow: number[] = [];
  const full = (id: number): DerivedFile => {
    const file = files[id] as SourceFile;
    const text = texts[id] as string;
    const fresh = () =>
      remembered(file, text, "tree", () =>
        deriveFile({ path: file.path, text }, chunk, counting()),
      );
    return derived ? derived.obtain(file, text, chunk, fresh) : fresh();
  };
  for (const [id, file] of files.entries()) {
    const text = lfText(file.text);
    texts.push(text);
    let made: DerivedFile | undefined;
    if (lacking.has(file)) {
      made = remembered(file, text, "first-pass", () =>
        deriveWithoutTree({ path: file.path, text }, chunk, counting()),
      );
      // A file without a tree to make is done; keep it as the cache would.
      if (withoutTree(made, file.path)) shallow.push(id);
      else if (derived)
        made = derived.obtain(file, text, chunk, () => made as DerivedFile);
    }
    derivations.push(made ?? full(id));
    yield;
  }
  const stats = { files: files.length, withoutTree: shallow.length, parsed: 0 };
  const first = yield* assembleIndexSteps(files, texts, derivations, {
    ...(counter ? { counter } : {}),
    // For the second stage's assembly, if there is one.
    keepNumbering: shallow.length > 0,
  });
  if (shallow.length === 0) return { index: first, stats };

  // The copies among the chunks, found once: the second stage's index
  // hashes only the chunks of the files it parses.
  const firstKeys = yield* copyKeysSteps(first);
  rememberChunkCopies(first, groupCopies(first, firstKeys));
  const query = analyzeQuery(question);
  const { ranked } = yield* rankChunksSteps(first, query);
  const chosen = chooseFilesToParse(first, query, ranked, options.limits);
  const parsed = new Set<number>();
  for (const id of shallow) {
    if (!chosen.has(id)) continue;
    derivations[id] = full(id);
    parsed.add(id);
    stats.parsed++;
    yield;
  }
  // Every chosen file already had its tree (a question asked again, or one
  // that matched nothing): the first index is the final one.
  if (stats.parsed === 0) return { index: first, stats };
  stats.withoutTree -= stats.parsed;
  // Added to what the first stage assembled: only the parsed files' chunks
  // are made anew, and each term is numbered through the counter's id.
  const unchanged = (fileId: number) => !parsed.has(fileId);
  const index = yield* assembleIndexSteps(files, texts, derivations, {
    counter: counting(),
    earlier: { index: first, unchanged },
  });
  const keys = yield* copyKeysSteps(index, {
    index: first,
    keys: firstKeys,
    unchanged,
  });
  rememberChunkCopies(index, groupCopies(index, keys));
  shareFileAuthorship(first, index);
  return { index, stats };
}
