import { fileKind } from "../../text/file-kind.js";
import { EVIDENCE_KINDS } from "./evidence-weights.js";
import type { RankedChunk } from "./rank-chunks.js";
import { WEIGHTED_EVIDENCE_KIND } from "./weighted-evidence-kind.js";

/**
 * What the chunk model reads of each ranked chunk, in the order of its
 * weights (`CHUNK_MODEL_WEIGHTS`). Scores are divided by the question's best
 * score, so one set of weights fits every question's scale; counts and ranks
 * are taken as ln(1 + n), so the tenth file differs from the first more than
 * the hundredth from the ninetieth.
 */
export const CHUNK_SIGNALS = [
  // 1 for every chunk: the model's intercept.
  "bias",
  // The chunk's score over the best chunk's.
  "score",
  // The chunk's score over its own file's best chunk's.
  "scoreInFile",
  // ln(1 + the chunk's rank).
  "rank",
  // ln(1 + its file's rank, files ordered by their best chunk).
  "fileRank",
  // 1 for a chunk of the best file.
  "topFile",
  // ln(1 + the chunk's rank among its file's chunks).
  "rankInFile",
  // 1 for its file's best chunk.
  "fileBest",
  // ln(1 + how many of the file's chunks ranked): a fix across several functions of one file.
  "fileChunks",
  // The file's three best chunks' scores over the best chunk's: how much of the file matches.
  "fileMass",
  // ln(1 + chunks between this one and its file's best): the continuation of a long function.
  "distanceToBest",
  // 1 when the chunk lies next to its file's best chunk.
  "besideBest",
  // 1 when it shares its declarations with its file's best chunk (one declaration cut in parts).
  "sameDeclaration",
  // The chunk's points from each kind of evidence, over the best chunk's score.
  "terms",
  ...EVIDENCE_KINDS,
  // 1 for code that declares nothing (imports, statements), 1 for text cut on blank lines.
  "block",
  "text",
  // ln(1 + lines).
  "lines",
  // 1 for a test, a doc and a data file.
  "test",
  "docs",
  "data",
] as const;

export type ChunkSignal = (typeof CHUNK_SIGNALS)[number];

const INDEX = new Map(CHUNK_SIGNALS.map((s, i) => [s, i]));
const at = (s: ChunkSignal) => INDEX.get(s) as number;

/**
 * The signals of every ranked chunk (one row of `CHUNK_SIGNALS.length`
 * numbers each, in rank order), from the ranking alone: what each chunk
 * scored and why, where it stands in its file and its file among files.
 *
 * @example
 * const rows = chunkSignals(ranked);
 * rows[0][CHUNK_SIGNALS.indexOf("score")] // 1: the best chunk
 */
export function chunkSignals(
  ranked: readonly Pick<RankedChunk, "chunk" | "score" | "why">[],
): Float64Array[] {
  const top = ranked[0]?.score ?? 0;
  const scale = top > 0 ? top : 1;
  // Per file, in rank order: its chunks' positions in `ranked`.
  const byFile = new Map<number, number[]>();
  for (const [i, r] of ranked.entries()) {
    const list = byFile.get(r.chunk.fileId);
    if (list) list.push(i);
    else byFile.set(r.chunk.fileId, [i]);
  }
  const fileRank = new Map([...byFile.keys()].map((f, i) => [f, i]));
  return ranked.map((r, i) => {
    const row = new Float64Array(CHUNK_SIGNALS.length);
    const { chunk } = r;
    const mine = byFile.get(chunk.fileId) as number[];
    const best = ranked[mine[0] as number] as (typeof ranked)[number];
    const mass = mine
      .slice(0, 3)
      .reduce((sum, j) => sum + (ranked[j]?.score ?? 0), 0);
    const rankOfFile = fileRank.get(chunk.fileId) as number;
    const distance = Math.abs(chunk.id - best.chunk.id);
    row[at("bias")] = 1;
    row[at("score")] = r.score / scale;
    row[at("scoreInFile")] = best.score > 0 ? r.score / best.score : 0;
    row[at("rank")] = Math.log1p(i);
    row[at("fileRank")] = Math.log1p(rankOfFile);
    row[at("topFile")] = rankOfFile === 0 ? 1 : 0;
    row[at("rankInFile")] = Math.log1p(mine.indexOf(i));
    row[at("fileBest")] = mine[0] === i ? 1 : 0;
    row[at("fileChunks")] = Math.log1p(mine.length);
    row[at("fileMass")] = mass / scale;
    row[at("distanceToBest")] = Math.log1p(distance);
    row[at("besideBest")] = distance === 1 ? 1 : 0;
    row[at("sameDeclaration")] =
      distance > 0 &&
      chunk.context !== "" &&
      chunk.context === best.chunk.context
        ? 1
        : 0;
    for (const w of r.why) {
      // A weighted kind's signal bears its weight's name; terms are "terms".
      const signal: ChunkSignal | undefined =
        w.kind === "term" ? "terms" : WEIGHTED_EVIDENCE_KIND[w.kind];
      if (signal !== undefined)
        row[at(signal)] = (row[at(signal)] as number) + w.points / scale;
    }
    row[at("block")] = chunk.kind === "block" && chunk.outline ? 1 : 0;
    row[at("text")] = chunk.outline === undefined ? 1 : 0;
    row[at("lines")] = Math.log1p(chunk.endLine - chunk.startLine + 1);
    const kind = fileKind(chunk.path);
    row[at("test")] = kind === "test" ? 1 : 0;
    row[at("docs")] = kind === "docs" ? 1 : 0;
    row[at("data")] = kind === "data" ? 1 : 0;
    return row;
  });
}
