import type { TokenCounter } from "../tokens/token-counter.js";
import type { ChunkOptions } from "./chunks/chunk-file.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "./index/index-repository.js";
import { packContext } from "./pack/pack-context.js";
import type { PackedContext, PackOptions } from "./pack/packing-types.js";
import { analyzeQuery, type QueryAnalysis } from "./query/query-analysis.js";
import {
  rankChunks,
  type RankedChunk,
  type RankOptions,
} from "./rank/rank-chunks.js";
import type { SourceFile } from "./types.js";

export interface RetrieveOptions {
  chunk?: ChunkOptions;
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
  /** Reusable for more questions on the same files. */
  index: RepositoryIndex;
  timings: RetrievalTimings;
}

export interface RetrieveDeps {
  indexRepository: typeof indexRepository;
  analyzeQuery: typeof analyzeQuery;
  rankChunks: typeof rankChunks;
  packContext: typeof packContext;
  now: () => number;
}

export const defaultRetrieveDeps: RetrieveDeps = {
  indexRepository,
  analyzeQuery,
  rankChunks,
  packContext,
  now: () => performance.now(),
};

/**
 * The in-memory half of `buildContext`: index (unless given), analyse the
 * question, rank, pack. No I/O, so a caller holding a snapshot pays nothing to
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
  const d = { ...defaultRetrieveDeps, ...deps };
  const o = input.options ?? {};
  let t = d.now();
  const index = input.index ?? d.indexRepository(input.files, o.chunk);
  const indexMs = d.now() - t;

  t = d.now();
  const query = d.analyzeQuery(input.question);
  const { ranked, available } = d.rankChunks(index, query, o.rank);
  const rankMs = d.now() - t;

  t = d.now();
  const lineCounts = new Map(index.files.map((f) => [f.path, f.lineCount]));
  const context = d.packContext({
    ranked,
    chunksAvailable: available,
    files: index.files,
    lineCount: (path) => lineCounts.get(path) ?? 0,
    budget: input.budget,
    tokenCounter: input.tokenCounter,
    options: o.pack,
  });
  const packMs = d.now() - t;
  return {
    context,
    query,
    ranked,
    index,
    timings: { indexMs, rankMs, packMs },
  };
}
