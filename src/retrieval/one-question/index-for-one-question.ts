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
import type { ParseAlongside } from "./parse-alongside.js";

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
  const stage = yield* firstStageSteps(files, question, options);
  if (!("toParse" in stage)) return stage;
  for (const id of stage.toParse) {
    stage.parse(id);
    yield;
  }
  return yield* stage.secondStageSteps();
}

/**
 * `indexForOneQuestion` with the chosen files parsed by this thread and
 * `alongside` together, each taking the next file in turn: the same index
 * (each file is cut as it would be here), in less time when a second core
 * is idle. The files the other thread took but did not hand back (it
 * failed) are parsed here.
 *
 * @example
 * const { index } = await indexForOneQuestionAlongside(files, question, { alongside: startParseThread(warmUp) });
 */
export async function indexForOneQuestionAlongside(
  files: readonly SourceFile[],
  question: string,
  options: QuestionIndexOptions & { alongside: ParseAlongside },
): Promise<{ index: RepositoryIndex; stats: QuestionIndexStats }> {
  const stage = runToEnd(firstStageSteps(files, question, options));
  if (!("toParse" in stage)) return stage;
  // Largest first: two threads taking turns then end close together.
  const toParse = [...stage.toParse].sort(
    (a, b) => stage.text(b).text.length - stage.text(a).text.length || a - b,
  );
  const here = new Set<number>();
  const there = await options.alongside
    .share(
      toParse.map((id) => stage.text(id)),
      options.chunk ?? {},
      (k) => {
        here.add(k);
        stage.parse(toParse[k] as number);
      },
    )
    .catch(() => new Map<number, DerivedFile>());
  for (const [k, id] of toParse.entries())
    if (!here.has(k)) stage.parse(id, there.get(k));
  return runToEnd(stage.secondStageSteps());
}

/** A first stage that left files to parse: parse them, then assemble the second. */
interface ChosenToParse {
  /** File ids to cut on their trees, in file order. */
  toParse: readonly number[];
  /** A file's path and LF text, as deriving it takes them. */
  text(id: number): { path: string; text: string };
  /** Derives file `id` on its tree (or takes `made`, its derivation made elsewhere). */
  parse(id: number, made?: DerivedFile): void;
  secondStageSteps(): Steps<{
    index: RepositoryIndex;
    stats: QuestionIndexStats;
  }>;
}

/**
 * Everything before the chosen files are parsed: the first stage's index,
 * ranked, and the files to parse; or the finished index when one stage
 * does (few trees to make, or every chosen file already has its tree).
 */
function* firstStageSteps(
  files: readonly SourceFile[],
  question: string,
  options: QuestionIndexOptions,
): Steps<
  { index: RepositoryIndex; stats: QuestionIndexStats } | ChosenToParse
> {
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
  const full = (id: number, made?: DerivedFile): DerivedFile => {
    const file = files[id] as SourceFile;
    const text = texts[id] as string;
    const fresh = () =>
      remembered(file, text, "tree", () =>
        made
          ? counting().noteTermsOf(made)
          : deriveFile({ path: file.path, text }, chunk, counting()),
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
  const toParse = shallow.filter((id) => chosen.has(id));
  // Every chosen file already had its tree (a question asked again, or one
  // that matched nothing): the first index is the final one.
  if (toParse.length === 0) return { index: first, stats };
  const parsed = new Set<number>();
  return {
    toParse,
    text: (id) => ({
      path: (files[id] as SourceFile).path,
      text: texts[id] as string,
    }),
    parse(id, made) {
      derivations[id] = full(id, made);
      parsed.add(id);
    },
    *secondStageSteps() {
      stats.parsed = parsed.size;
      stats.withoutTree -= stats.parsed;
      // Added to what the first stage assembled: only the parsed files'
      // chunks are made anew, and each term is numbered through the
      // counter's id.
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
    },
  };
}
