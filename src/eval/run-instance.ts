import type { ChunkModel } from "../retrieval/rank/chunk-model.js";
import type { EvidenceWeights } from "../retrieval/rank/evidence-weights.js";
import type { QueryOptions } from "../retrieval/query/query-analysis.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { ChunkOptions } from "../retrieval/chunks/chunk-file.js";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { indexFilesForQuestion } from "../retrieval/one-question/index-files-for-question.js";
import { indexRepository } from "../retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../retrieval/read-repository-files.js";
import { retrieveContext } from "../retrieval/retrieve-context.js";
import { readGitHistory } from "../retrieval/history/read-git-history.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import { baselineDocumentRule } from "./baseline/swebench-documents.js";
import { emptyInstanceResult } from "./empty-instance-result.js";
import { goldScorer } from "./gold-scorer.js";
import { goldSetAside } from "./gold-set-aside.js";
import type { Instance } from "./instance.js";
import { linesOfTexts } from "./lines-of-texts.js";
import { rankBaseline } from "./rank-baseline.js";
import { readInstanceFiles } from "./read-instance-files.js";
import type { InstanceResult } from "./result-types.js";
import { runBudget, type PackVariant } from "./run-budget.js";

export interface RunInstanceInput {
  instance: Instance;
  /** The repository's git mirror (bare or not). */
  mirror: string;
  budgets: readonly number[];
  tokenCounter: TokenCounter;
  /** Called after each synchronous step, so the heap's high-water mark is seen. */
  sampleMemory?: () => void;
  /** What indexing derived from earlier instances' blobs (--warm-index). */
  derived?: DerivedCache;
  /** Index for the instance's question, parsing only the files that can reach the context. */
  lazyIndex?: boolean;
  /** With `lazyIndex`: see `ParseLimits.topFiles`. */
  lazyTopFiles?: number;
  /** How files are cut into chunks (none: askcode's defaults). */
  chunk?: ChunkOptions;
  /** The share of each budget kept for the map (`PackOptions.mapShare`; none: the packer's default). */
  mapShare?: number;
  /** Packing's chunk model (`PackOptions.chunkModel`; none: the packer's default). */
  chunkModel?: ChunkModel;
  /** Evidence weights to rank with (none: the fitted ones). */
  weights?: EvidenceWeights;
  /** Packings of askcode's ranking to score beside its own (`BudgetRun.variants`). */
  variants?: readonly PackVariant[];
  /** How the question is analysed, say with a vocabulary bridge (none: retrieval's default). */
  query?: QueryOptions;
  /**
   * Paths neither system may read (a repository's `exclude_paths`, secrets):
   * askcode's reading skips them and they are no BM25 document. Gold files
   * among them still count, as misses (`gold.excluded` names them).
   */
  exclude?: (path: string) => boolean;
  /**
   * Read the mirror's history back from the base commit (that commit and
   * the ones before it, never after: the fix would leak) for packing's
   * co-change tier.
   */
  history?: boolean;
}

export interface RunInstanceDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  readRepositoryFiles: typeof readRepositoryFiles;
  indexRepository: typeof indexRepository;
  retrieveContext: typeof retrieveContext;
  readGitHistory: typeof readGitHistory;
  now: () => number;
}

const defaultDeps: RunInstanceDeps = {
  createLocalCodeHost,
  readRepositoryFiles,
  indexRepository,
  retrieveContext,
  readGitHistory,
  now: () => performance.now(),
};

/**
 * Runs one instance end to end:
 *
 * 1. open the mirror through the local CodeHost and read the repository at
 *    `base_commit` once: askcode's files through `readRepositoryFiles`, then
 *    the source files the baseline needs that askcode's filters left out
 *    (vendored code, say), and any gold file not read yet;
 * 2. build askcode's index once; build the BM25 index over SWE-bench's
 *    documents and rank the issue once;
 * 3. per budget: askcode's retrieval and packing on the prebuilt index, and
 *    the baseline's whole-file packing (both fill rules);
 * 4. read every context back into the lines it shows and score it, on all
 *    gold files, on the code-only gold and on the gold people wrote (the
 *    gold files the index sets aside as generated, vendored or
 *    amalgamated left out).
 *
 * Never throws: a failure becomes `error` in the result, so one broken
 * instance does not end a long run.
 */
export async function runInstance(
  input: RunInstanceInput,
  deps: Partial<RunInstanceDeps> = {},
): Promise<InstanceResult> {
  const d = { ...defaultDeps, ...deps };
  const { instance, tokenCounter } = input;
  const sample = input.sampleMemory ?? (() => {});
  const started = d.now();
  const isDocumentPath = baselineDocumentRule(instance.language);
  const result = emptyInstanceResult(instance);
  const host = d.createLocalCodeHost({ root: input.mirror });
  try {
    // 1. Read once.
    let t = d.now();
    const { sha } = await host.resolveRef(instance.base_commit);
    const reader = host.at(sha);
    const { repository, texts, documentPaths } = await readInstanceFiles(
      reader,
      instance.gold_files,
      {
        isDocumentPath,
        ...(input.exclude ? { exclude: input.exclude } : {}),
        readRepositoryFiles: d.readRepositoryFiles,
      },
    );
    result.timings.readMs = d.now() - t;
    result.filesRead = repository.files.length;
    result.skipped = repository.skipped;
    sample();

    // 2. Index once, for both systems (the grammars load once per process).
    t = d.now();
    // What an earlier run kept on disk is loaded first (nothing, for a
    // cache held only in memory); the instance's question is given only
    // with --lazy-index, so that the default run scores the full index.
    const { index } = await indexFilesForQuestion(repository.files, {
      ...(input.derived ? { derived: input.derived } : {}),
      ...(input.chunk ? { chunk: input.chunk } : {}),
      ...(input.lazyIndex
        ? {
            question: instance.problem_statement,
            ...(input.lazyTopFiles !== undefined
              ? { limits: { topFiles: input.lazyTopFiles } }
              : {}),
          }
        : {}),
      indexRepository: d.indexRepository,
    });
    result.timings.indexMs = d.now() - t;
    result.chunks = index.chunks.length;
    sample();

    // The gold, read from the files as read; the written view leaves out
    // the gold files the index sets aside as a build's or another project's.
    const setAside = goldSetAside(index, instance.gold_files);
    if (Object.keys(setAside).length > 0) result.gold.setAside = setAside;
    const linesOf = linesOfTexts(texts);
    const { figures, scores } = goldScorer(instance, result.gold.codeFiles, {
      linesOf,
      indexed: repository.files,
      isDocumentPath,
      setAside: new Set(Object.keys(setAside)),
      ...(input.exclude ? { exclude: input.exclude } : {}),
    });
    Object.assign(result.gold, figures);

    t = d.now();
    const { documents, top } = rankBaseline(
      documentPaths,
      texts,
      instance.problem_statement,
    );
    result.timings.baselineRankMs = d.now() - t;
    result.baselineDocuments = documents;
    result.bm25Top20 = top;
    result.goldInTop20 = instance.gold_files.filter((p) =>
      top.includes(p),
    ).length;
    sample();

    t = d.now();
    const history = input.history
      ? await d.readGitHistory(input.mirror, sha)
      : undefined;
    if (input.history) result.timings.historyMs = d.now() - t;

    // 3 and 4. Every budget, both systems.
    for (const budget of input.budgets) {
      result.budgets.push(
        runBudget(budget, {
          files: repository.files,
          index,
          question: instance.problem_statement,
          tokenCounter,
          texts,
          linesOf,
          scores,
          goldFiles: instance.gold_files,
          top,
          ...(input.mapShare !== undefined ? { mapShare: input.mapShare } : {}),
          ...(input.chunkModel ? { chunkModel: input.chunkModel } : {}),
          ...(input.weights ? { weights: input.weights } : {}),
          ...(input.variants ? { variants: input.variants } : {}),
          ...(input.query ? { query: input.query } : {}),
          ...(history ? { history } : {}),
          retrieveContext: d.retrieveContext,
          now: d.now,
          sample,
        }),
      );
      sample();
    }
  } catch (error) {
    result.error =
      error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  } finally {
    await host.close();
  }
  result.timings.totalMs = d.now() - started;
  const memory = process.memoryUsage();
  result.memory = {
    rssMb: memory.rss / 1024 / 1024,
    heapUsedMb: memory.heapUsed / 1024 / 1024,
    heapPeakMb: 0,
    heapAfterGcMb: 0,
  };
  return result;
}
