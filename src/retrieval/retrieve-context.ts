import type { TokenCounter } from "../tokens/token-counter.js";
import type { ChunkOptions } from "./chunks/chunk-file.js";
import {
  findOutsideDependencies,
  type OutsideDependency,
} from "./dependencies/find-outside-dependencies.js";
import {
  indexRepositorySteps,
  type RepositoryIndex,
} from "./index/index-repository.js";
import { packContextSteps } from "./pack/pack-context.js";
import type { PackedContext, PackOptions } from "./pack/packing-types.js";
import {
  analyzeQuery,
  type QueryAnalysis,
  type QueryOptions,
} from "./query/query-analysis.js";
import { DEFAULT_QUERY_OPTIONS } from "./query/default-query-options.js";
import {
  rankChunksSteps,
  type RankedChunk,
  type RankOptions,
} from "./rank/rank-chunks.js";
import { runToEnd, type Steps } from "../shared/time-slices.js";
import type { SourceFile } from "./types.js";
import type { CoChangeHistory } from "./history/co-change-history.js";

export interface RetrieveOptions {
  chunk?: ChunkOptions;
  /** How the question is analysed (default DEFAULT_QUERY_OPTIONS). */
  query?: QueryOptions;
  rank?: RankOptions;
  pack?: PackOptions;
}

export interface RetrieveInput {
  /** The files to search; ignored when `index` is given. */
  files: readonly SourceFile[];
  /** An index of `files` built earlier (for a second question on the same snapshot). */
  index?: RepositoryIndex;
  question: string;
  budget: number;
  tokenCounter: TokenCounter;
  options?: RetrieveOptions;
  /**
   * The repository's recent commits at the files' commit (`readGitHistory`),
   * for packing's co-change tier; absent, packing is as without the tier.
   */
  history?: CoChangeHistory;
}

export interface RetrievalTimings {
  indexMs: number;
  rankMs: number;
  packMs: number;
}

export interface RetrievedContext {
  context: PackedContext;
  query: QueryAnalysis;
  /** The best ranked chunks with their explanations (up to `rank.maxResults`). */
  ranked: RankedChunk[];
  /**
   * Packages the repository does not hold that the best chunks lead the
   * question into (`findOutsideDependencies`): at most 3, usually none.
   */
  outsideDependencies: OutsideDependency[];
  /** Reusable for more questions on the same files. */
  index: RepositoryIndex;
  timings: RetrievalTimings;
}

/** The stages, as steps (see `Steps`): one retrieval runs at once or in time slices. */
export interface RetrieveDeps {
  indexRepository: typeof indexRepositorySteps;
  analyzeQuery: typeof analyzeQuery;
  rankChunks: typeof rankChunksSteps;
  findOutsideDependencies: typeof findOutsideDependencies;
  packContext: typeof packContextSteps;
  now: () => number;
}

export const defaultRetrieveDeps: RetrieveDeps = {
  indexRepository: indexRepositorySteps,
  analyzeQuery,
  rankChunks: rankChunksSteps,
  findOutsideDependencies,
  packContext: packContextSteps,
  now: () => performance.now(),
};

/**
 * The in-memory half of `buildContext`: index (unless given), analyse the
 * question, rank, name the packages outside the repository the best chunks
 * lead into, pack. No I/O, so a caller holding a snapshot pays nothing to
 * read it again.
 *
 * @example
 * const { context } = retrieveContext({ files, question: issue.body, budget: 13_000, tokenCounter });
 * context.tokensUsed <= 13_000 // true
 */
export function retrieveContext(
  input: RetrieveInput,
  deps: Partial<RetrieveDeps> = {},
): RetrievedContext {
  return runToEnd(retrieveContextSteps(input, deps));
}

/**
 * `retrieveContext` in steps (see `Steps`): `buildContext` runs them in time
 * slices, so a server answers webhooks while a question is ranked. The
 * timings then include the pauses.
 *
 * @example
 * const { context } = await eventLoopSlices.run(retrieveContextSteps({ files, question, budget: 13_000, tokenCounter }));
 */
export function* retrieveContextSteps(
  input: RetrieveInput,
  deps: Partial<RetrieveDeps> = {},
): Steps<RetrievedContext> {
  const d = { ...defaultRetrieveDeps, ...deps };
  const o = input.options ?? {};
  let t = d.now();
  const index = input.index ?? (yield* d.indexRepository(input.files, o.chunk));
  const indexMs = d.now() - t;

  t = d.now();
  const query = d.analyzeQuery(
    input.question,
    o.query ?? DEFAULT_QUERY_OPTIONS,
  );
  yield;
  const { ranked, available } = yield* d.rankChunks(index, query, o.rank);
  const outsideDependencies = d.findOutsideDependencies({
    index,
    question: input.question,
    ranked,
  });
  const rankMs = d.now() - t;

  t = d.now();
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  const context = yield* d.packContext({
    ranked,
    chunksAvailable: available,
    files: index.files,
    lineCount: (path) => lineCounts.get(path) ?? 0,
    budget: input.budget,
    tokenCounter: input.tokenCounter,
    options: o.pack,
    ...(input.history ? { history: input.history } : {}),
  });
  const packMs = d.now() - t;
  return {
    context,
    query,
    ranked,
    outsideDependencies,
    index,
    timings: { indexMs, rankMs, packMs },
  };
}
