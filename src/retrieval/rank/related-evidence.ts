import type { ScoreContribution } from "./collect-evidence.js";
import type { EvidenceWeights } from "./evidence-weights.js";
import type { Counterpart } from "./file-counterparts.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import { postingCount, postingRange } from "../index/posting-range.js";
import { RANK_WEIGHTS as R } from "./rank-weights.js";

/** Points one chunk earns from the chunks ranked above it, with their reasons. */
export type RelatedEvidence = Map<number, ScoreContribution[]>;

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/**
 * Evidence from the first ranking, for the files a fix touches together: the
 * best chunk of each counterpart of a top file (its header, its parent
 * modules, its submodules), the chunks that declare a name a top chunk uses
 * (one hop out, through `index.definitions`) and the chunks that use a name a
 * top chunk declares (one hop in: its callers) get a share of that top score.
 * A share below 1, spread over the source's targets and never summed across
 * sources, cannot lift a chunk above the one that points at it: it orders
 * the neighbours of strong evidence ahead of weak evidence elsewhere.
 *
 * `scores` are the first ranking's final scores per chunk; the points
 * returned are in the same units, before the target's file-kind factor.
 *
 * @example
 * const related = relatedEvidence(index, fileCounterparts(index.files.map((f) => f.path)), firstScores, FITTED_WEIGHTS);
 * related.get(7) // [{ kind: "counterpart", detail: "header of src/foo.c (file ranked #1)", points: 4.2 }]
 */
export function relatedEvidence(
  index: RepositoryIndex,
  counterparts: readonly (readonly Counterpart[])[],
  scores: Float64Array,
  weights: EvidenceWeights,
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
        ? weights.counterpart / Math.sqrt(submodules)
        : weights.counterpart;
      if (share <= 0) continue;
      const file = index.files[link.fileId];
      if (!file || file.chunkCount === 0) continue;
      offer(target ?? file.firstChunk, link.rule, {
        kind: "counterpart",
        detail: `${link.rule} of ${index.files[fileId]?.path} (file ranked #${rank + 1})`,
        points: share * source,
      });
    }
  }

  const topChunks = [...best.values()]
    .sort((a, b) => (scores[b] as number) - (scores[a] as number))
    .slice(0, R.relatedChunks);
  for (const [rank, chunkId] of topChunks.entries()) {
    const chunk = index.chunks[chunkId];
    if (!chunk) continue;
    const source = scores[chunkId] as number;
    const where = `${chunk.path}:${chunk.startLine} (chunk ranked #${rank + 1})`;
    for (const hop of HOPS) {
      if (weights[hop.kind] <= 0) continue;
      const targets = hop.targets(index, chunkId);
      const share = (weights[hop.kind] * source) / Math.sqrt(targets.size || 1);
      for (const [target, name] of targets)
        offer(target, hop.kind, {
          kind: hop.kind,
          detail: hop.detail(name, where),
          points: share,
        });
    }
  }
  return new Map(
    [...strongest].map(([chunkId, held]) => [chunkId, [...held.values()]]),
  );
}

// The two ways one hop through names goes from a top chunk: out, to the
// chunks declaring what it uses, and in, to the chunks using what it declares.
const HOPS = [
  {
    kind: "defines",
    targets: usedDefinitions,
    detail: (name: string, where: string) =>
      `declares ${name}, used by ${where}`,
  },
  {
    kind: "caller",
    targets: callersOf,
    detail: (name: string, where: string) =>
      `uses ${name}, declared by ${where}`,
  },
] as const;

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

/**
 * Chunks in other files whose text uses a name this chunk declares, with the
 * name: the name's whole-word index term finds them (its postings), and the
 * text confirms the name is there as a word, not only as part of a longer
 * identifier. Names declared in many places, or used in many chunks, are
 * skipped: a caller of `get` is a caller of everything.
 */
function callersOf(
  index: RepositoryIndex,
  chunkId: number,
): Map<number, string> {
  const chunk = index.chunks[chunkId];
  const targets = new Map<number, string>();
  if (!chunk) return targets;
  for (const name of new Set(chunk.defines)) {
    const key = name.toLowerCase();
    if (key.length < R.minRelatedName) continue;
    const definers = index.definitions.get(key);
    if (definers && definers.length > R.maxDefiners) continue;
    const termId = index.bm25.vocabulary.get(key);
    if (termId === undefined) continue;
    if (postingCount(index.bm25, termId) > R.maxCallers) continue;
    const [from, to] = postingRange(index.bm25, termId);
    const asWord = new RegExp(
      `(?<![A-Za-z0-9_$])${escape(name)}(?![A-Za-z0-9_$])`,
    );
    for (let k = from; k < to; k++) {
      const user = index.bm25.docs[k] as number;
      if (index.chunkFile[user] === chunk.fileId || targets.has(user)) continue;
      if (definers?.includes(user)) continue;
      if (asWord.test(index.chunks[user]?.text ?? "")) targets.set(user, name);
    }
  }
  return targets;
}

function escape(name: string): string {
  return name.replace(/[$]/g, "\\$");
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
