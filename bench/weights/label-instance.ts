import type { DerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { loadGrammarsFor } from "../../src/retrieval/chunks/chunk-file.js";
import { createLocalCodeHost } from "../../src/code-host/local/local-code-host.js";
import { indexRepository } from "../../src/retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../../src/retrieval/read-repository-files.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import type { EvidenceWeights } from "../../src/retrieval/rank/evidence-weights.js";
import { rankChunks } from "../../src/retrieval/rank/rank-chunks.js";
import { splitFileLines } from "../../src/eval/file-lines.js";
import { goldLines } from "../../src/eval/gold-lines.js";
import type { Instance } from "../../src/eval/instance.js";
import { chunkFeatures } from "./chunk-features.js";
import type { LabelledChunk } from "./fit-pairwise.js";

export interface LabelInput {
  instance: Instance;
  /** The repository's git mirror. */
  mirror: string;
  /** The weights to rank with: every one above 0, so each kind's measure shows. */
  weights: EvidenceWeights;
  /** Ranked chunks kept (default 1,000: what packing ever sees). */
  top?: number;
  /** What indexing derived from earlier instances' blobs. */
  derived?: DerivedCache;
}

/**
 * Ranks one instance's question over its repository at `base_commit`, as
 * askcode does, and labels the best chunks with what the fix changed: 2 for
 * a chunk holding a changed line, 1 for another chunk of a changed file, 0
 * for the rest, with each chunk's features (`chunkFeatures`).
 *
 * @example
 * const rows = await labelInstance({ instance, mirror, weights });
 * rows.filter((r) => r.label === 2).length // chunks holding the fix's lines
 */
export async function labelInstance(
  input: LabelInput,
): Promise<LabelledChunk[]> {
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
      { weights: input.weights, maxResults: input.top ?? 1000 },
    );
    return ranked.map((r) => {
      const lines = goldByPath.get(r.chunk.path);
      let label: 0 | 1 | 2 = lines ? 1 : 0;
      if (lines)
        for (let l = r.chunk.startLine; l <= r.chunk.endLine; l++)
          if (lines.has(l)) {
            label = 2;
            break;
          }
      return {
        ...chunkFeatures(r, input.weights),
        label,
        file: r.chunk.fileId,
      };
    });
  } finally {
    await host.close();
  }
}
