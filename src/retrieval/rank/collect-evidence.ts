import { BM25_K1 } from "../index/bm25-index.js";
import { chunkAtLine, findPhrases } from "./find-phrases.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import type { QueryAnalysis } from "../query/query-analysis.js";
import type { EvidenceWeights } from "./evidence-weights.js";
import { qualifiedDefinitions } from "./qualified-definitions.js";
import { RANK_WEIGHTS as R } from "./rank-weights.js";
import { resolvePathMentions } from "./resolve-path-mentions.js";
import type { ScoredTerm } from "./score-terms.js";

/** One reason a chunk scored what it did. */
export interface ScoreContribution {
  kind:
    | "term"
    | "file"
    | "path"
    | "definition"
    | "place"
    | "stack-frame"
    | "phrase"
    | "counterpart"
    | "defines"
    | "caller"
    | "copy"
    | "file-kind"
    | "set-aside";
  /** Human-readable: `"quantity_input" (codeSpan, ×1 in chunk)`, `path astropy/units/decorators.py`. */
  detail: string;
  points: number;
}

/** Points that are not BM25, per chunk and per file, each with its reasons. */
export interface Evidence {
  chunkBonus: Float64Array;
  fileBonus: Float64Array;
  chunkReasons: Map<number, ScoreContribution[]>;
  fileReasons: Map<number, ScoreContribution[]>;
}

/**
 * The evidence beyond word matches, each in its own measure (a term weight
 * times an inverse frequency, so rare, strongly-weighted evidence counts
 * most) times its weight in `weights`:
 * - places: files named by a path, a module or a stack frame, and the chunk
 *   holding a frame's line;
 * - definitions: chunks that declare a queried symbol, and more so the
 *   declarations of a member of the owner the question names (`Sender::len`);
 * - phrases: chunks holding an error message verbatim.
 *
 * @example
 * const evidence = collectEvidence(index, analyzeQuery(text), scoreTerms(index, terms).terms, FITTED_WEIGHTS);
 * evidence.fileReasons.get(12) // [{ kind: "place", detail: "path fitsrec.py", points: 22.9 }]
 */
export function collectEvidence(
  index: RepositoryIndex,
  query: QueryAnalysis,
  terms: readonly ScoredTerm[],
  weights: EvidenceWeights,
): Evidence {
  const nFiles = index.files.length;
  const evidence: Evidence = {
    chunkBonus: new Float64Array(index.chunks.length),
    fileBonus: new Float64Array(nFiles),
    chunkReasons: new Map(),
    fileReasons: new Map(),
  };
  const forChunk = (chunkId: number, c: ScoreContribution): void => {
    evidence.chunkBonus[chunkId] =
      (evidence.chunkBonus[chunkId] as number) + c.points;
    push(evidence.chunkReasons, chunkId, c);
  };

  for (const { fileId, mention, matches, scope } of resolvePathMentions(
    index,
    query.paths,
  )) {
    const measure =
      mention.weight *
      Math.log(1 + nFiles / matches) *
      (scope === "package" ? R.package : 1);
    const points = weights.place * measure;
    const label =
      mention.source === "stackFrame"
        ? `stack frame ${mention.path}:${mention.line}`
        : `${mention.source} ${mention.path}`;
    evidence.fileBonus[fileId] =
      (evidence.fileBonus[fileId] as number) + points;
    push(evidence.fileReasons, fileId, {
      kind: "place",
      detail: label,
      points,
    });
    const chunkId =
      mention.line === undefined
        ? undefined
        : chunkAtLine(index, fileId, mention.line);
    if (chunkId !== undefined) {
      forChunk(chunkId, {
        kind: "stack-frame",
        detail: `holds line ${mention.line} of ${label}`,
        points: weights.stackFrame * measure,
      });
    }
  }

  for (const term of terms) {
    const definers = term.query.symbol
      ? index.definitions.get(term.query.term)
      : undefined;
    if (!definers) continue;
    // Declaring a name is worth as much as using it any number of times (BM25's
    // term frequency saturates at k1 + 1); a name declared in many places
    // (`__init__`, `run`) points at none of them in particular.
    const points =
      (weights.definition * term.query.weight * term.idf * (BM25_K1 + 1)) /
      Math.sqrt(definers.length);
    for (const chunkId of definers)
      forChunk(chunkId, {
        kind: "definition",
        detail: `declares ${term.query.term}`,
        points,
      });
  }

  // `Owner::member`: the member's declarations of that owner count as if
  // they were its only ones, less what declaring the member already gave.
  for (const found of qualifiedDefinitions(index, query.members, terms)) {
    const { term, matches, definers } = found;
    const full =
      weights.definition * term.query.weight * term.idf * (BM25_K1 + 1);
    const given = term.query.symbol ? full / Math.sqrt(definers) : 0;
    const points = full / Math.sqrt(matches) - given;
    if (points > 0)
      forChunk(found.chunkId, {
        kind: "definition",
        detail: `declares ${found.name.owner}::${found.name.member}`,
        points,
      });
  }

  for (const hit of findPhrases(index, query.phrases)) {
    const points =
      weights.phrase * hit.phrase.weight * Math.log(1 + nFiles / hit.files);
    forChunk(hit.chunkId, {
      kind: "phrase",
      detail: `contains "${hit.phrase.text}"`,
      points,
    });
  }
  return evidence;
}

function push(
  map: Map<number, ScoreContribution[]>,
  id: number,
  c: ScoreContribution,
): void {
  const list = map.get(id);
  if (list) list.push(c);
  else map.set(id, [c]);
}
