import type { ScoreContribution } from "./collect-evidence.js";
import type { Counterpart } from "./file-counterparts.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import { RANK_WEIGHTS as R } from "./rank-weights.js";

/** Points one chunk earns from the chunks ranked above it, with their reasons. */
export type RelatedEvidence = Map<number, ScoreContribution[]>;

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/**
 * Evidence from the first ranking, for the files a fix touches together: the
 * best chunk of each counterpart of a top file (its header, its parent
 * modules, its submodules) and the chunks that declare a name a top chunk uses
 * (one hop through `index.definitions`) get a share of that top score. A
 * share below 1, spread over the source's targets and never summed across
 * sources, cannot lift a chunk above the one that points at it: it orders the
 * neighbours of strong evidence ahead of weak evidence elsewhere.
 *
 * `scores` are the first ranking's final scores per chunk; the points
 * returned are in the same units, before the target's file-kind factor.
 *
 * @example
 * const related = relatedEvidence(index, fileCounterparts(index.files.map((f) => f.path)), firstScores);
 * related.get(7) // [{ kind: "related", detail: "header of src/foo.c (ranked #1)", points: 4.2 }]
 */
export function relatedEvidence(
  index: RepositoryIndex,
  counterparts: readonly (readonly Counterpart[])[],
  scores: Float64Array,
): RelatedEvidence {
  const best = bestChunkPerFile(index, scores);
  // Per chunk, one reason per kind of link: the strongest source speaks for
  // all, so many weak links never add up to strong evidence.
  const strongest = new Map<number, Map<string, ScoreContribution>>();
  const offer = (chunkId: number, link: string, c: ScoreContribution): void => {
    const held = strongest.get(chunkId) ?? new Map<string, ScoreContribution>();
    if ((held.get(link)?.points ?? 0) < c.points) held.set(link, c);
    strongest.set(chunkId, held);
  };

  const topFiles = [...best.entries()]
    .sort((a, b) => (scores[b[1]] as number) - (scores[a[1]] as number))
    .slice(0, R.relatedFiles);
  for (const [rank, [fileId, chunkId]] of topFiles.entries()) {
    const source = scores[chunkId] as number;
    const links = counterparts[fileId] ?? [];
    const submodules = links.filter((l) => l.rule === "submodule").length;
    for (const link of links) {
      const target = best.get(link.fileId);
      // Submodules, of which there may be dozens, are a tie-breaker for
      // files with evidence of their own; a header or a parent module is
      // worth showing even without any.
      const oneOfMany = link.rule === "submodule";
      if (target === undefined && oneOfMany) continue;
      const share = oneOfMany
        ? R.counterpart / Math.sqrt(submodules)
        : R.counterpart;
      if (share <= 0) continue;
      const file = index.files[link.fileId];
      if (!file || file.chunkCount === 0) continue;
      offer(target ?? file.firstChunk, link.rule, {
        kind: "related",
        detail: `${link.rule} of ${index.files[fileId]?.path} (file ranked #${rank + 1})`,
        points: share * source,
      });
    }
  }

  if (R.oneHop > 0) {
    const topChunks = [...best.values()]
      .sort((a, b) => (scores[b] as number) - (scores[a] as number))
      .slice(0, R.relatedChunks);
    for (const [rank, chunkId] of topChunks.entries()) {
      const targets = usedDefinitions(index, chunkId);
      const share =
        (R.oneHop * (scores[chunkId] as number)) / Math.sqrt(targets.size || 1);
      const chunk = index.chunks[chunkId];
      for (const [target, name] of targets)
        offer(target, "definition", {
          kind: "related",
          detail: `declares ${name}, used by ${chunk?.path}:${chunk?.startLine} (chunk ranked #${rank + 1})`,
          points: share,
        });
    }
  }
  return new Map(
    [...strongest].map(([chunkId, held]) => [chunkId, [...held.values()]]),
  );
}

/** Chunks in other files that declare a name this chunk's text uses, with the name; names declared in many places are skipped. */
function usedDefinitions(
  index: RepositoryIndex,
  chunkId: number,
): Map<number, string> {
  const chunk = index.chunks[chunkId];
  const targets = new Map<number, string>();
  if (!chunk) return targets;
  const own = new Set(chunk.defines.map((d) => d.toLowerCase()));
  for (const name of new Set(chunk.text.match(IDENTIFIER) ?? [])) {
    const key = name.toLowerCase();
    if (key.length < R.minRelatedName || own.has(key)) continue;
    const definers = index.definitions.get(key);
    if (!definers || definers.length > R.maxDefiners) continue;
    for (const d of definers)
      if (index.chunkFile[d] !== chunk.fileId && !targets.has(d))
        targets.set(d, name);
  }
  return targets;
}

/** File id → its best-scoring chunk, for files with any score. */
function bestChunkPerFile(
  index: RepositoryIndex,
  scores: Float64Array,
): Map<number, number> {
  const best = new Map<number, number>();
  for (let c = 0; c < scores.length; c++) {
    const s = scores[c] as number;
    if (s <= 0) continue;
    const f = index.chunkFile[c] as number;
    const held = best.get(f);
    if (held === undefined || (scores[held] as number) < s) best.set(f, c);
  }
  return best;
}
