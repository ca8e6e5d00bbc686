import type { ChunkOptions } from "../../src/retrieval/chunks/chunk-file.js";
import type { DerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import {
  rankChunks,
  type RankedChunk,
} from "../../src/retrieval/rank/rank-chunks.js";
import { chunkSignals } from "../../src/retrieval/rank/chunk-signals.js";
import { readGitHistory } from "../../src/retrieval/history/read-git-history.js";
import { estimateTokens } from "../../src/retrieval/pack/expected-gold.js";
import type { Instance } from "../../src/eval/instance.js";
import { indexInstance } from "./index-instance.js";

/** One ranked chunk as the chunk model's fit sees it. */
export interface ChunkRow {
  /** `chunkSignals`, rounded to 4 decimals (the rows file stays small and reads back the same). */
  x: number[];
  /** Gold lines the chunk holds. */
  gold: number;
  /** 1 when the chunk's file is one the fix changed. */
  goldFile: 0 | 1;
  /** The chunk's file (its position in the index). */
  file: number;
  /** Estimated tokens of its text (`estimateTokens`). */
  tokens: number;
}

/** One question's ranked chunks with what its fix touched. */
export interface QuestionRows {
  id: string;
  repo: string;
  /** Gold lines in files the index holds, and gold files it holds. */
  goldLines: number;
  goldFiles: number;
  chunks: ChunkRow[];
}

export interface LabelChunksInput {
  instance: Instance;
  /** The repository's git mirror. */
  mirror: string;
  /** Ranked chunks kept (default 600: what packing considers). */
  top?: number;
  derived?: DerivedCache;
  /** How files are cut (none: askcode's defaults); the chunk model's signals depend on it. */
  chunk?: ChunkOptions;
  /**
   * Columns a study adds after the model's signals, one row per ranked
   * chunk (the same width for every chunk), to measure a signal before the
   * model reads it. None: the model's signals only.
   */
  extra?: (ranked: readonly RankedChunk[]) => Promise<number[][]>;
  /**
   * Label as askcode ranks a tree with no history (the App's tarball, a
   * shallow clone): the history signals 0, as the shipped model was fitted.
   */
  withoutHistory?: boolean;
}

/**
 * Ranks one instance's question as askcode does (the shipped evidence
 * weights) and labels the best chunks with their signals (`chunkSignals`,
 * over the mirror's history back from the base commit),
 * the gold lines each holds and whether its file is a gold file: the rows
 * the chunk model is fitted on.
 *
 * @example
 * const q = await labelChunks({ instance, mirror });
 * q.chunks.filter((c) => c.gold > 0).length // chunks holding the fix's lines
 */
export async function labelChunks(
  input: LabelChunksInput,
): Promise<QuestionRows> {
  const { index, gold, goldByPath } = await indexInstance(
    input.instance,
    input.mirror,
    input.derived,
    input.chunk,
  );
  const { ranked } = rankChunks(
    index,
    analyzeQuery(input.instance.problem_statement),
    { maxResults: input.top ?? 600 },
  );
  // The history back from the base commit, as bench:swebench gives packing
  // (`runInstance`): the model's file-history signals read it.
  const history = input.withoutHistory
    ? undefined
    : await readGitHistory(input.mirror, input.instance.base_commit);
  const signals = chunkSignals(ranked, history);
  const extra = input.extra ? await input.extra(ranked) : undefined;
  return {
    id: input.instance.instance_id,
    repo: input.instance.repo,
    goldLines: gold.filter((g) => index.byPath.has(g.path)).length,
    goldFiles: Object.keys(input.instance.gold_hunks).filter((p) =>
      index.byPath.has(p),
    ).length,
    chunks: ranked.map((r, i) => {
      const lines = goldByPath.get(r.chunk.path);
      let held = 0;
      if (lines)
        for (let l = r.chunk.startLine; l <= r.chunk.endLine; l++)
          if (lines.has(l)) held++;
      return {
        x: [...(signals[i] as Float64Array), ...(extra?.[i] ?? [])].map(
          (v) => Math.round(v * 1e4) / 1e4,
        ),
        gold: held,
        goldFile: lines ? 1 : 0,
        file: r.chunk.fileId,
        tokens: estimateTokens(r.chunk.text),
      };
    }),
  };
}
