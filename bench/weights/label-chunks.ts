import type { DerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { loadGrammarsFor } from "../../src/retrieval/chunks/chunk-file.js";
import { createLocalCodeHost } from "../../src/code-host/local/local-code-host.js";
import { indexRepository } from "../../src/retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../../src/retrieval/read-repository-files.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import { rankChunks } from "../../src/retrieval/rank/rank-chunks.js";
import { chunkSignals } from "../../src/retrieval/rank/chunk-signals.js";
import { estimateTokens } from "../../src/retrieval/pack/expected-gold.js";
import { splitFileLines } from "../../src/eval/file-lines.js";
import { goldLines } from "../../src/eval/gold-lines.js";
import type { Instance } from "../../src/eval/instance.js";

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
}

/**
 * Ranks one instance's question as askcode does (the shipped evidence
 * weights) and labels the best chunks with their signals (`chunkSignals`),
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
  const host = createLocalCodeHost({ root: input.mirror });
  try {
    const { sha } = await host.resolveRef(input.instance.base_commit);
    const { files } = await readRepositoryFiles(host.at(sha));
    const texts = new Map(files.map((f) => [f.path, f.text]));
    const gold = goldLines(input.instance.gold_hunks, (path) => {
      const text = texts.get(path);
      return text === undefined ? undefined : splitFileLines(text);
    });
    const goldByPath = new Map<string, Set<number>>();
    for (const g of gold.lines) {
      const lines = goldByPath.get(g.path) ?? new Set<number>();
      lines.add(g.line);
      goldByPath.set(g.path, lines);
    }
    await loadGrammarsFor(files);
    const index = indexRepository(
      files,
      {},
      input.derived ? { derived: input.derived } : {},
    );
    const { ranked } = rankChunks(
      index,
      analyzeQuery(input.instance.problem_statement),
      { maxResults: input.top ?? 600 },
    );
    const signals = chunkSignals(ranked);
    const goldFiles = Object.keys(input.instance.gold_hunks).filter((p) =>
      index.byPath.has(p),
    ).length;
    return {
      id: input.instance.instance_id,
      repo: input.instance.repo,
      goldLines: gold.lines.filter((g) => index.byPath.has(g.path)).length,
      goldFiles,
      chunks: ranked.map((r, i) => {
        const lines = goldByPath.get(r.chunk.path);
        let held = 0;
        if (lines)
          for (let l = r.chunk.startLine; l <= r.chunk.endLine; l++)
            if (lines.has(l)) held++;
        return {
          x: Array.from(
            signals[i] as Float64Array,
            (v) => Math.round(v * 1e4) / 1e4,
          ),
          gold: held,
          goldFile: lines ? 1 : 0,
          file: r.chunk.fileId,
          tokens: estimateTokens(r.chunk.text),
        };
      }),
    };
  } finally {
    await host.close();
  }
}
