import type { EvidenceWeights } from "../retrieval/rank/evidence-weights.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import type { CodeReader } from "../code-host/code-host.js";
import { createLocalCodeHost } from "../code-host/local/local-code-host.js";
import { indexFilesForQuestion } from "../retrieval/one-question/index-files-for-question.js";
import { indexRepository } from "../retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../retrieval/read-repository-files.js";
import { retrieveContext } from "../retrieval/retrieve-context.js";
import type { SourceFile } from "../retrieval/types.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import {
  buildLuceneBm25Index,
  searchLuceneBm25,
} from "./baseline/lucene-bm25.js";
import {
  packWholeFiles,
  type WholeFileFill,
} from "./baseline/pack-whole-files.js";
import {
  baselineDocumentRule,
  isCodeGoldPath,
  swebenchDocument,
} from "./baseline/swebench-documents.js";
import { splitFileLines } from "./file-lines.js";
import { goldLines } from "./gold-lines.js";
import type { Instance } from "./instance.js";
import type { BudgetRun, InstanceResult, SystemRun } from "./result-types.js";
import { scoreContext } from "./score-context.js";
import {
  checkAgainstPieces,
  shownLines,
  type ShownLines,
} from "./shown-lines.js";

/** SWE-bench's retrieval keeps the 20 best files (`searcher.search(…, k=20)`). */
export const BM25_TOP_K = 20;

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
  /** The share of each budget kept for the map (`PackOptions.mapShare`; none: the packer's default). */
  mapShare?: number;
  /** Evidence weights to rank with (none: the fitted ones). */
  weights?: EvidenceWeights;
  /**
   * Paths neither system may read (a repository's `exclude_paths`, secrets):
   * askcode's reading skips them and they are no BM25 document. Gold files
   * among them still count, as misses (`gold.excluded` names them).
   */
  exclude?: (path: string) => boolean;
}

export interface RunInstanceDeps {
  createLocalCodeHost: typeof createLocalCodeHost;
  readRepositoryFiles: typeof readRepositoryFiles;
  indexRepository: typeof indexRepository;
  retrieveContext: typeof retrieveContext;
  now: () => number;
}

const defaultDeps: RunInstanceDeps = {
  createLocalCodeHost,
  readRepositoryFiles,
  indexRepository,
  retrieveContext,
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
 *    gold files and on the code-only gold.
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
  // load-instances checked the language; an Instance built in code may name none (Python).
  const isDocumentPath = baselineDocumentRule(instance.language);
  const codeGoldFiles = instance.gold_files.filter(isCodeGoldPath);
  const result: InstanceResult = {
    instanceId: instance.instance_id,
    repo: instance.repo,
    language: instance.language?.toLowerCase() ?? "python",
    baseCommit: instance.base_commit,
    filesRead: 0,
    skipped: {},
    baselineDocuments: 0,
    chunks: 0,
    gold: {
      files: instance.gold_files,
      lines: 0,
      blankLines: 0,
      outOfRange: 0,
      notIndexed: [],
      notBaselineDocuments: [],
      codeFiles: codeGoldFiles,
      codeLines: 0,
    },
    bm25Top20: [],
    goldInTop20: 0,
    budgets: [],
    timings: { readMs: 0, indexMs: 0, baselineRankMs: 0, totalMs: 0 },
    memory: { rssMb: 0, heapUsedMb: 0, heapPeakMb: 0, heapAfterGcMb: 0 },
  };
  const host = d.createLocalCodeHost({ root: input.mirror });
  try {
    // 1. Read once.
    let t = d.now();
    const { sha } = await host.resolveRef(instance.base_commit);
    const reader = host.at(sha);
    const repository = await d.readRepositoryFiles(
      reader,
      input.exclude ? { exclude: input.exclude } : {},
    );
    const texts = new Map(repository.files.map((f) => [f.path, f.text]));
    const tree = await reader.listTree();
    const documentPaths = tree.entries
      .filter(
        (e) =>
          e.type === "file" &&
          isDocumentPath(e.path) &&
          !input.exclude?.(e.path),
      )
      .map((e) => e.path);
    const extra = [...documentPaths, ...instance.gold_files].filter(
      (p) => !texts.has(p),
    );
    for (const [path, text] of await readTexts(reader, extra))
      texts.set(path, text);
    result.timings.readMs = d.now() - t;
    result.filesRead = repository.files.length;
    result.skipped = repository.skipped;
    sample();

    const lineCache = new Map<string, string[]>();
    const linesOf = (path: string): string[] | undefined => {
      let lines = lineCache.get(path);
      if (!lines) {
        const text = texts.get(path);
        if (text === undefined) return undefined;
        lines = splitFileLines(text);
        lineCache.set(path, lines);
      }
      return lines;
    };
    const gold = goldLines(instance.gold_hunks, linesOf);
    result.gold.lines = gold.lines.length;
    result.gold.blankLines = gold.blank;
    result.gold.outOfRange = gold.outOfRange;
    result.gold.notIndexed = instance.gold_files.filter(
      (p) => !repository.files.some((f) => f.path === p),
    );
    result.gold.notBaselineDocuments = instance.gold_files.filter(
      (p) => !isDocumentPath(p),
    );
    if (input.exclude)
      result.gold.excluded = instance.gold_files.filter(input.exclude);
    const codeGoldLines = gold.lines.filter((g) =>
      codeGoldFiles.includes(g.path),
    );
    result.gold.codeLines = codeGoldLines.length;
    // Both views of one context: all gold, and the code-only gold when there is any.
    const scores = (shown: ShownLines) => ({
      score: scoreContext(shown, instance.gold_files, gold.lines),
      ...(codeGoldFiles.length > 0
        ? { codeScore: scoreContext(shown, codeGoldFiles, codeGoldLines) }
        : {}),
    });

    // 2. Index once, for both systems (the grammars load once per process).
    t = d.now();
    // What an earlier run kept on disk is loaded first (nothing, for a
    // cache held only in memory); the instance's question is given only
    // with --lazy-index, so that the default run scores the full index.
    const { index } = await indexFilesForQuestion(repository.files, {
      ...(input.derived ? { derived: input.derived } : {}),
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

    t = d.now();
    const documents = documentPaths.flatMap((path) => {
      const text = texts.get(path);
      return text === undefined ? [] : [swebenchDocument({ path, text })];
    });
    const bm25 = buildLuceneBm25Index(documents);
    const top = searchLuceneBm25(
      bm25,
      instance.problem_statement,
      BM25_TOP_K,
    ).map((hit) => hit.id);
    result.timings.baselineRankMs = d.now() - t;
    result.baselineDocuments = documents.length;
    result.bm25Top20 = top;
    result.goldInTop20 = instance.gold_files.filter((p) =>
      top.includes(p),
    ).length;
    sample();

    // 3 and 4. Every budget, both systems.
    const files: SourceFile[] = repository.files;
    for (const budget of input.budgets) {
      t = d.now();
      const { context } = d.retrieveContext({
        files,
        index,
        question: instance.problem_statement,
        budget,
        tokenCounter,
        options: {
          ...(input.mapShare !== undefined
            ? { pack: { mapShare: input.mapShare } }
            : {}),
          ...(input.weights ? { rank: { weights: input.weights } } : {}),
        },
      });
      const askcodeMs = d.now() - t;
      sample();
      const shown = shownLines(context.text, linesOf);
      const askcode: SystemRun = {
        ...scores(shown),
        tokensUsed: context.tokensUsed,
        files: [...shown.byPath].map(([path, lines]) => [path, lines.size]),
        mismatches: shown.mismatches,
        mode: context.mode,
        pieceCheck: checkAgainstPieces(shown, context.pieces),
      };
      t = d.now();
      const bm25Run = baselineRun(top, budget, "skip");
      const baselineMs = d.now() - t;
      const run: BudgetRun = {
        budget,
        systems: {
          askcode,
          bm25: bm25Run,
          bm25Stop: baselineRun(top, budget, "stop"),
        },
        askcodeMs,
        baselineMs,
      };
      result.budgets.push(run);
      sample();
    }

    function baselineRun(
      ranked: readonly string[],
      budget: number,
      fill: WholeFileFill,
    ): SystemRun {
      const packed = packWholeFiles({
        ranked,
        text: (p) => texts.get(p),
        budget,
        tokenCounter,
        fill,
      });
      const shown = shownLines(packed.text, linesOf);
      return {
        ...scores(shown),
        tokensUsed: packed.tokensUsed,
        files: [...shown.byPath].map(([path, lines]) => [path, lines.size]),
        mismatches: shown.mismatches,
      };
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

// Reads text files through the CodeHost, 16 at a time; binaries and missing files are left out.
async function readTexts(
  reader: CodeReader,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      const content = await reader.readFile(path);
      if (content.kind === "text" && !content.truncated)
        out.set(path, content.text);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}
