import type { DerivedCache } from "../../src/retrieval/index/derived-cache.js";
import { analyzeQuery } from "../../src/retrieval/query/query-analysis.js";
import type { EvidenceWeights } from "../../src/retrieval/rank/evidence-weights.js";
import { rankChunks } from "../../src/retrieval/rank/rank-chunks.js";
import type { Instance } from "../../src/eval/instance.js";
import { chunkFeatures } from "./chunk-features.js";
import type { LabelledChunk } from "./fit-pairwise.js";
import { indexInstance } from "./index-instance.js";

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
  const { index, goldByPath } = await indexInstance(
    input.instance,
    input.mirror,
    input.derived,
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
}
