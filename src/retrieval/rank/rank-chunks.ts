import { bm25Tf, termFrequency } from "../index/bm25-index.js";
import {
  chunkCopies,
  chunkCopiesSteps,
  copiesOf,
  type ChunkCopy,
} from "./chunk-copies.js";
import { collectEvidence, type ScoreContribution } from "./collect-evidence.js";
import { isChangelog, type FileKind } from "../../text/file-kind.js";
import { fileCounterparts, type Counterpart } from "./file-counterparts.js";
import type { RepositoryIndex } from "../index/index-repository.js";
import type { QueryAnalysis } from "../query/query-analysis.js";
import type { EvidenceWeights } from "./evidence-weights.js";
import { FITTED_WEIGHTS } from "./fitted-weights.js";
import {
  CHANGELOG_FACTOR,
  FILE_KIND_FACTORS,
  SET_ASIDE_FACTOR,
} from "./rank-weights.js";
import { fileAuthorship, type FileAuthorship } from "./set-aside-files.js";
import { relatedEvidence } from "./related-evidence.js";
import { scoreTerms, type ScoredTerm } from "./score-terms.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";
import type { Chunk } from "../types.js";

// Chunks scored, and ranked chunks explained, between two pauses.
const CHUNKS_PER_STEP = 8_192;
const EXPLAINED_PER_STEP = 64;

export type { ScoreContribution } from "./collect-evidence.js";

export interface RankedChunk {
  chunk: Chunk;
  score: number;
  /** Query terms found in the chunk, strongest first. */
  matchedTerms: string[];
  /** Every contribution to `score`, largest first; they add up to it. */
  why: ScoreContribution[];
  /** Chunks of other files with the same text, line for line (`chunkCopies`); packing shows the text once. Absent: none. */
  copies?: ChunkCopy[];
}

export interface RankOptions {
  /** Ranked chunks returned, best first (default 1,000). Scores are computed for all. */
  maxResults?: number;
  /** Multipliers by file kind (default FILE_KIND_FACTORS: code 1, tests, docs and data 0.5). */
  fileKindFactors?: Partial<Record<FileKind, number>>;
  /** How much each kind of evidence counts (default FITTED_WEIGHTS; a benchmark tries others). */
  weights?: EvidenceWeights;
  /**
   * Rank generated, vendored and amalgamated files below the sources, and
   * `.gitattributes`' documentation as docs (`fileAuthorship`; default
   * true). False ranks every file by its path's kind alone, for a
   * benchmark's before and after on one index.
   */
  setAside?: boolean;
}

const NO_AUTHORSHIP: FileAuthorship = {
  setAside: new Map(),
  documentation: new Map(),
};

// Counterparts depend on the paths alone: found once per index, however many
// questions it answers.
const counterpartsByIndex = new WeakMap<RepositoryIndex, Counterpart[][]>();

/**
 * Each file's counterparts (`fileCounterparts`), by file id, found once per index.
 *
 * @example
 * counterpartsOf(index)[index.byPath.get("src/flask/app.py")!] // [{ fileId: 12, rule: "module" }]
 */
export function counterpartsOf(index: RepositoryIndex): Counterpart[][] {
  let found = counterpartsByIndex.get(index);
  if (!found) {
    found = fileCounterparts(index.files.map((f) => f.path));
    counterpartsByIndex.set(index, found);
  }
  return found;
}

/**
 * Hands ranking the counterparts of an index found earlier, by a process
 * that kept them with the index (the CLI's index snapshots).
 *
 * @example
 * rememberCounterparts(loaded.index, loaded.counterparts);
 */
export function rememberCounterparts(
  index: RepositoryIndex,
  counterparts: Counterpart[][],
): void {
  counterpartsByIndex.set(index, counterparts);
}

export interface Ranking {
  ranked: RankedChunk[];
  /** Chunks with any evidence at all (score above zero). */
  available: number;
}

/**
 * Ranks every chunk of the index for a question: weighted BM25 over chunks,
 * plus a share of the file's BM25 and of the question's words in its path,
 * plus place evidence (paths, modules and stack frames naming the file, a
 * frame's line inside the chunk), definition evidence (the chunk declares a
 * queried symbol) and verbatim error-message phrases; then a multiplier by
 * file kind. A second pass adds cross-file evidence from that first ranking
 * (counterparts of the top files, chunks declaring names the top chunks use
 * and chunks using names they declare). Each kind of evidence counts by its
 * weight (`RankOptions.weights`); each result explains its score.
 *
 * @example
 * const { ranked } = rankChunks(index, analyzeQuery(issueText));
 * ranked[0].why // [{ kind: "place", detail: "stack frame …/units/decorators.py:225", points: 18.2 }, …]
 */
export function rankChunks(
  index: RepositoryIndex,
  query: QueryAnalysis,
  options: RankOptions = {},
): Ranking {
  return runToEnd(rankChunksSteps(index, query, options));
}

/**
 * `rankChunks` in steps that pause between its passes and within the long
 * ones (see `Steps`), for a server to run in time slices.
 *
 * @example
 * const { ranked } = await eventLoopSlices.run(rankChunksSteps(index, analyzeQuery(issueText)));
 */
export function* rankChunksSteps(
  index: RepositoryIndex,
  query: QueryAnalysis,
  options: RankOptions = {},
): Steps<Ranking> {
  const factors = { ...FILE_KIND_FACTORS, ...options.fileKindFactors };
  const weights = options.weights ?? FITTED_WEIGHTS;
  const n = index.chunks.length;
  // Found once per index: the first question pays, in steps.
  yield* chunkCopiesSteps(index);
  const scores = scoreTerms(index, query.terms);
  yield;
  const { chunkBonus, fileBonus, chunkReasons, fileReasons } = collectEvidence(
    index,
    query,
    scores.terms,
    weights,
  );
  yield;

  const authorship =
    options.setAside === false ? NO_AUTHORSHIP : fileAuthorship(index);
  yield;
  const kindFactor = index.files.map(
    (f) =>
      (factors[authorship.documentation.has(f.id) ? "docs" : f.kind] ?? 1) *
      (isChangelog(f.path) ? CHANGELOG_FACTOR : 1),
  );
  // A file the question names is what it asks about, whoever wrote it.
  const asideFactor = index.files.map((f) =>
    authorship.setAside.has(f.id) &&
    !fileReasons.get(f.id)?.some((r) => r.kind === "place")
      ? SET_ASIDE_FACTOR
      : 1,
  );
  const fileFactor = kindFactor.map((k, f) => k * (asideFactor[f] as number));
  const raw = new Float64Array(n);
  const final = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    const f = index.chunkFile[c] as number;
    raw[c] =
      (scores.chunk[c] as number) +
      (chunkBonus[c] as number) +
      weights.file * (scores.file[f] as number) +
      weights.path * (scores.path[f] as number) +
      (fileBonus[f] as number);
    if ((raw[c] as number) > 0)
      final[c] = (raw[c] as number) * (fileFactor[f] as number);
    if ((c + 1) % CHUNKS_PER_STEP === 0) yield;
  }
  const counterparts = counterpartsOf(index);
  yield;
  const related = relatedEvidence(index, counterparts, final, weights);
  yield;
  for (const [c, reasons] of related) {
    for (const r of reasons) raw[c] = (raw[c] as number) + r.points;
    final[c] =
      (raw[c] as number) * (fileFactor[index.chunkFile[c] as number] as number);
  }
  const copied = shareAmongCopies(index, final, asideFactor);
  yield;
  const candidates: number[] = [];
  for (let c = 0; c < n; c++) if ((final[c] as number) > 0) candidates.push(c);
  // On a tie (copies of one text always tie) the chunk of the smaller file
  // goes first: an amalgamated or vendored copy is the bigger file, and the
  // smaller one is where a maintainer edits the code.
  const size = (c: number) =>
    index.files[index.chunkFile[c] as number]?.chunkCount ?? 0;
  candidates.sort(
    (a, b) =>
      (final[b] as number) - (final[a] as number) || size(a) - size(b) || a - b,
  );
  yield;

  const ranked: RankedChunk[] = [];
  for (const c of candidates.slice(0, options.maxResults ?? 1000)) {
    if (ranked.length > 0 && ranked.length % EXPLAINED_PER_STEP === 0) yield;
    ranked.push(explainChunk(c));
  }
  return { ranked, available: candidates.length };

  function explainChunk(c: number): RankedChunk {
    const chunk = index.chunks[c] as Chunk;
    const f = chunk.fileId;
    const { why, matched } = explainTerms(index, scores.terms, c);
    why.push({
      kind: "file",
      detail: `file ${chunk.path} matches the question as a whole`,
      points: weights.file * (scores.file[f] as number),
    });
    if ((scores.path[f] as number) > 0)
      why.push({
        kind: "path",
        detail: `path ${chunk.path} holds words of the question`,
        points: weights.path * (scores.path[f] as number),
      });
    why.push(
      ...(fileReasons.get(f) ?? []),
      ...(chunkReasons.get(c) ?? []),
      ...(related.get(c) ?? []),
    );
    const raw = why.reduce((sum, w) => sum + w.points, 0);
    const kind = kindFactor[f] as number;
    const marked = authorship.documentation.get(f);
    if (kind !== 1)
      why.push({
        kind: "file-kind",
        detail: `${marked ? `docs (.gitattributes ${marked})` : index.files[f]?.kind} file ×${kind}`,
        points: raw * (kind - 1),
      });
    const aside = asideFactor[f] as number;
    const reason = authorship.setAside.get(f);
    if (aside !== 1 && reason)
      why.push({
        kind: "set-aside",
        detail: `${reason.kind}: ${reason.why} ×${aside}`,
        points: raw * kind * (aside - 1),
      });
    const copy = copied.get(c);
    if (copy) why.push(copy);
    return {
      chunk,
      score: final[c] as number,
      matchedTerms: matched,
      why: why.sort((a, b) => b.points - a.points),
      copies: copiesOf(index, c),
    };
  }
}

/**
 * Raises every copy of a text to the best copy's score (in place), with the
 * reason: the same code is as relevant in the single header as in the file
 * it was built from, whichever the question's words matched as a whole. A
 * copy in a set-aside file (`asideFactor` below 1) rises to that share of
 * it, so it stays below the source.
 */
function shareAmongCopies(
  index: RepositoryIndex,
  final: Float64Array,
  asideFactor: readonly number[],
) {
  const { groups, core } = chunkCopies(index);
  const reasons = new Map<number, ScoreContribution>();
  for (const group of groups) {
    let best = group[0] as number;
    for (const c of group)
      if ((final[c] as number) > (final[best] as number)) best = c;
    const top = final[best] as number;
    if (top <= 0) continue;
    const path = index.chunks[best]?.path as string;
    const [a, b] = core.get(best) as [number, number];
    for (const c of group) {
      const own = final[c] as number;
      const f = index.chunkFile[c] as number;
      const target = top * (asideFactor[f] as number);
      if (own >= target || f === index.chunkFile[best]) continue;
      reasons.set(c, {
        kind: "copy",
        detail: `same text as ${path}:${a}-${b}`,
        points: target - own,
      });
      final[c] = target;
    }
  }
  return reasons;
}

/** Per-term BM25 points of one chunk, recomputed from the postings. */
function explainTerms(
  index: RepositoryIndex,
  terms: readonly ScoredTerm[],
  chunkId: number,
) {
  const why: ScoreContribution[] = [];
  const matched: string[] = [];
  const { bm25 } = index;
  for (const t of terms) {
    const tf = termFrequency(bm25, t.termId, chunkId);
    if (tf === 0) continue;
    matched.push(t.query.term);
    const points =
      t.query.weight *
      t.idf *
      bm25Tf(tf, bm25.docLength[chunkId] as number, bm25.avgDocLength);
    why.push({
      kind: "term",
      detail: `"${t.query.term}" (${t.query.source}${t.query.from === undefined ? "" : ` from '${t.query.from}'`}, ×${tf} in chunk)`,
      points,
    });
  }
  return { why, matched };
}
