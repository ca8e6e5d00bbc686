import type { QueryAnalysis } from "../query/query-analysis.js";
import type { RankedChunk } from "../rank/rank-chunks.js";
import type { ScoreContribution } from "../rank/collect-evidence.js";
import { ANSWER_PLACES } from "../rank/select-places.js";
import { identifierTerms } from "../../text/code-terms.js";
import { fileKind } from "../../text/file-kind.js";

/**
 * The signals the gate reads, in a fixed order (the fitted model's weights
 * name them). Each is in [0, 1]:
 * - `margin`: 1 − the mean score of the next four files over the best file's;
 * - `lead`: 1 − the second file's score over the best file's;
 * - `namesAsked`: how many names (symbols) the question writes, over
 *   MAX_NAMES (at most 1);
 * - `namesDeclared`: of those names (strongest first, up to MAX_NAMES), the
 *   share some ranked chunk declares;
 * - `pathsAsked`: the question names a file, module or stack frame (1 or 0);
 * - `pathsResolved`: of those, the share that resolved to a ranked file;
 * - `bestNamed`: the best chunk's file is one the question names (1 or 0);
 * - `bestDefines`: the best chunk declares a name of the question (1 or 0);
 * - `bestPhrase`: the best chunk holds a phrase of the question verbatim;
 * - `bestEvidence`: the share of the best chunk's points that are place,
 *   definition or phrase evidence rather than word matches;
 * - `placesAgree`: the share of the shown places in the best place's file;
 * - `termsCovered`: the share of the question's term weight the best chunk
 *   matches;
 * - `fileAgrees`: the file that matches the question best as a whole (its
 *   BM25 as one document, the `file` reason) is among the shown places'
 *   files: two measures of one ranking pointing at one place;
 * - `pathAgrees`: the same for the file whose path holds the question's
 *   words best (the `path` reason; 0 when no path does);
 * - `smallRepository`: 1 − log10(files) / 5 (1 for one file, 0 from 100,000
 *   files): five places are likelier to hit in a small repository;
 * - `fewMatched`: −log10 of the share of the repository's chunks with any
 *   evidence at all, over 3 (0 when all match, 1 at a thousandth): a
 *   question whose words are everywhere matches most of them;
 * - `bestFileAsked`: the best place's file name, without its extension
 *   ("minimal" of callback/minimal.py), is a word of the question (1 or 0):
 *   a question often names the module it is about without writing a path;
 * - `namesInBest`: of the question's names, the share the best place's file
 *   declares (not only uses);
 * - `fewDefiners`: 1 / the number of files declaring any of the question's
 *   names (0 when none does): a name declared in one file points there, one
 *   declared in ten points nowhere in particular;
 * - `placeFiles`: the distinct files among the shown places, over
 *   ANSWER_PLACES: five places in one file are one guess, in five files five;
 * - `topScore`: log10(1 + the best chunk's score) / 3 (at most 1): how much
 *   evidence there is at all, not only how it is shared;
 * - `questionTerms`: the question's terms over 40 (at most 1): a one-line
 *   question says little to match;
 * - `fileLeads`, `pathLeads`: as `fileAgrees` and `pathAgrees`, but the file
 *   must be the best place's own, not any shown place's;
 * - `bestIsCode`: the best place's file is code, not a test, document or
 *   data file (`fileKind`): fixes change code first.
 * The last two read `repository`; without it they are 0, the values of a
 * huge repository and a question matching everything, so the score errs
 * toward silence.
 */
export const CONFIDENCE_SIGNALS = [
  "margin",
  "lead",
  "namesAsked",
  "namesDeclared",
  "pathsAsked",
  "pathsResolved",
  "bestNamed",
  "bestDefines",
  "bestPhrase",
  "bestEvidence",
  "placesAgree",
  "termsCovered",
  "fileAgrees",
  "pathAgrees",
  "smallRepository",
  "fewMatched",
  "bestFileAsked",
  "namesInBest",
  "fewDefiners",
  "placeFiles",
  "topScore",
  "questionTerms",
  "fileLeads",
  "pathLeads",
  "bestIsCode",
] as const;

export type ConfidenceSignal = (typeof CONFIDENCE_SIGNALS)[number];
export type ConfidenceSignals = Record<ConfidenceSignal, number>;

/** The size of what was ranked, as `retrieveContext` knows it. */
export interface RankedRepository {
  /** Files in the index. */
  files: number;
  /** Chunks in the index. */
  chunks: number;
  /** Chunks with any evidence (`Ranking.available`, `PackedContext.chunksAvailable`). */
  chunksMatched: number;
}

// How many files after the best one make up "the rest" it must stand above.
const RUNNERS_UP = 4;
// The strongest names of a question that are weighed: a pasted traceback or
// reproducer brings dozens of names nobody asked about.
const MAX_NAMES = 8;
// Terms that make a question a long one (`questionTerms`): beyond them more
// words say no more.
const MANY_TERMS = 40;
// Evidence that points at a place, as opposed to a word found there.
const PLACE_KINDS: ReadonlySet<ScoreContribution["kind"]> = new Set([
  "definition",
  "place",
  "stack-frame",
  "phrase",
]);

/**
 * What the gate reads from one ranking, each signal in [0, 1]
 * (`CONFIDENCE_SIGNALS` says what each measures).
 *
 * @example
 * confidenceSignals({ query, ranked, places }).namesDeclared // 0.5: one of the two names asked about is declared
 */
export function confidenceSignals(input: {
  query: QueryAnalysis;
  ranked: readonly RankedChunk[];
  /** The places an answer shows (`selectPlaces`), best first. */
  places: readonly RankedChunk[];
  repository?: RankedRepository;
}): ConfidenceSignals {
  const { query, ranked, places, repository } = input;
  const best = ranked[0];
  const fileScores = bestScorePerFile(ranked);
  const [top = 0, second = 0, ...rest] = fileScores;
  const runnersUp = [second, ...rest].slice(0, RUNNERS_UP);
  const ratio = (s: number) => (top > 0 ? s / top : 1);
  const bestPoints = positivePoints(best?.why ?? []);
  const bestOf = (kinds: ReadonlySet<string>) =>
    bestPoints.total === 0
      ? 0
      : sumOf(bestPoints.parts.filter((w) => kinds.has(w.kind))) /
        bestPoints.total;
  const bestFile = places[0]?.chunk.path;
  const placeFiles = new Set(places.map((p) => p.chunk.path));
  const byFile = bestFileBy(ranked, "file");
  const byPath = bestFileBy(ranked, "path");
  return {
    margin:
      top > 0 && fileScores.length > 1
        ? 1 - mean(runnersUp.map(ratio))
        : top > 0
          ? 1
          : 0,
    lead: top > 0 ? 1 - ratio(second) : 0,
    namesAsked: Math.min(1, questionNames(query).length / MAX_NAMES),
    namesDeclared: shareDeclared(query, ranked),
    pathsAsked: query.paths.length > 0 ? 1 : 0,
    pathsResolved: sharePathsResolved(query, ranked),
    bestNamed: hasKind(best, "place") || hasKind(best, "stack-frame") ? 1 : 0,
    bestDefines: hasKind(best, "definition") ? 1 : 0,
    bestPhrase: hasKind(best, "phrase") ? 1 : 0,
    bestEvidence: bestOf(PLACE_KINDS),
    placesAgree:
      places.length === 0
        ? 0
        : places.filter((p) => p.chunk.path === bestFile).length /
          places.length,
    termsCovered: shareCovered(query, best),
    fileAgrees: placeFiles.has(byFile ?? "") ? 1 : 0,
    pathAgrees: placeFiles.has(byPath ?? "") ? 1 : 0,
    smallRepository:
      repository && repository.files > 0
        ? 1 - Math.min(1, Math.log10(repository.files) / 5)
        : 0,
    fewMatched:
      repository && repository.chunks > 0 && ranked.length > 0
        ? // (max with 0: all matched is log 0, which negates to −0)
          Math.max(
            0,
            Math.min(
              1,
              -Math.log10(
                Math.max(1e-3, repository.chunksMatched / repository.chunks),
              ) / 3,
            ),
          )
        : 0,
    bestFileAsked: bestFile && fileNameAsked(query, bestFile) ? 1 : 0,
    namesInBest: bestFile ? shareDeclaredIn(query, ranked, bestFile) : 0,
    fewDefiners: fewDefiners(query, ranked),
    placeFiles: placeFiles.size / ANSWER_PLACES,
    fileLeads: bestFile !== undefined && byFile === bestFile ? 1 : 0,
    pathLeads: bestFile !== undefined && byPath === bestFile ? 1 : 0,
    bestIsCode: bestFile !== undefined && fileKind(bestFile) === "code" ? 1 : 0,
    topScore: Math.min(1, Math.log10(1 + top) / 3),
    questionTerms: Math.min(1, query.terms.length / MANY_TERMS),
  };
}

// Whether the file's name without its extension is a term of the question
// ("module_common" for lib/executor/module_common.py): spelled as the index
// spells terms, so "ModuleCommon" in the question counts too.
function fileNameAsked(query: QueryAnalysis, path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.indexOf(".", 1);
  const [name] = identifierTerms(dot > 0 ? base.slice(0, dot) : base);
  return name !== undefined && query.terms.some((t) => t.term === name);
}

// The names a "definition" contribution says a chunk declares.
function declaredNames(r: RankedChunk): string[] {
  return r.why
    .filter((w) => w.kind === "definition")
    .map((w) => w.detail.slice("declares ".length));
}

function shareDeclaredIn(
  query: QueryAnalysis,
  ranked: readonly RankedChunk[],
  path: string,
): number {
  const names = questionNames(query);
  if (names.length === 0) return 0;
  const declared = new Set(
    ranked.filter((r) => r.chunk.path === path).flatMap(declaredNames),
  );
  return names.filter((n) => declared.has(n)).length / names.length;
}

function fewDefiners(
  query: QueryAnalysis,
  ranked: readonly RankedChunk[],
): number {
  const names = new Set(questionNames(query));
  const files = new Set(
    ranked
      .filter((r) => declaredNames(r).some((n) => names.has(n)))
      .map((r) => r.chunk.path),
  );
  return files.size === 0 ? 0 : 1 / files.size;
}

function shareDeclared(
  query: QueryAnalysis,
  ranked: readonly RankedChunk[],
): number {
  const names = questionNames(query);
  if (names.length === 0) return 0;
  const declared = new Set<string>();
  for (const r of ranked)
    for (const w of r.why)
      if (w.kind === "definition")
        declared.add(w.detail.slice("declares ".length));
  return names.filter((n) => declared.has(n)).length / names.length;
}

// The question's strongest names (terms are strongest first).
function questionNames(query: QueryAnalysis): string[] {
  return query.terms
    .filter((t) => t.symbol)
    .slice(0, MAX_NAMES)
    .map((t) => t.term);
}

// A resolved mention leaves a "place" contribution naming it as written
// (`collectEvidence`: "path x.py", "module a/b", "stack frame x.py:12").
function sharePathsResolved(
  query: QueryAnalysis,
  ranked: readonly RankedChunk[],
): number {
  if (query.paths.length === 0) return 0;
  const details = new Set<string>();
  for (const r of ranked)
    for (const w of r.why) if (w.kind === "place") details.add(w.detail);
  const resolved = query.paths.filter((m) =>
    details.has(
      m.source === "stackFrame"
        ? `stack frame ${m.path}:${m.line}`
        : `${m.source} ${m.path}`,
    ),
  );
  return resolved.length / query.paths.length;
}

function shareCovered(
  query: QueryAnalysis,
  best: RankedChunk | undefined,
): number {
  const total = sumOf(query.terms.map((t) => ({ points: t.weight })));
  if (!best || total === 0) return 0;
  const matched = new Set(best.matchedTerms);
  return (
    sumOf(
      query.terms
        .filter((t) => matched.has(t.term))
        .map((t) => ({ points: t.weight })),
    ) / total
  );
}

// The file with the most points of one kind of reason, if any has some.
function bestFileBy(
  ranked: readonly RankedChunk[],
  kind: ScoreContribution["kind"],
): string | undefined {
  let bestPath: string | undefined;
  let bestPoints = 0;
  for (const r of ranked)
    for (const w of r.why)
      if (w.kind === kind && w.points > bestPoints) {
        bestPoints = w.points;
        bestPath = r.chunk.path;
      }
  return bestPath;
}

function hasKind(
  r: RankedChunk | undefined,
  kind: ScoreContribution["kind"],
): boolean {
  return r?.why.some((w) => w.kind === kind && w.points > 0) ?? false;
}

// The points that raised a chunk's score (a file-kind factor below 1 lowers it).
function positivePoints(why: readonly ScoreContribution[]): {
  parts: ScoreContribution[];
  total: number;
} {
  const parts = why.filter((w) => w.points > 0);
  return { parts, total: sumOf(parts) };
}

function sumOf(items: ReadonlyArray<{ points: number }>): number {
  return items.reduce((sum, w) => sum + w.points, 0);
}

function mean(values: readonly number[]): number {
  return values.length === 0
    ? 0
    : values.reduce((a, b) => a + b, 0) / values.length;
}

// Each file's best chunk score, best file first.
function bestScorePerFile(ranked: readonly RankedChunk[]): number[] {
  const best = new Map<string, number>();
  for (const { chunk, score } of ranked)
    best.set(chunk.path, Math.max(best.get(chunk.path) ?? 0, score));
  return [...best.values()].sort((a, b) => b - a);
}
