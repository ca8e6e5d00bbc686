import { fileKind } from "../../text/file-kind.js";
import {
  HISTORY_DEPTH,
  type CoChangeHistory,
} from "../history/co-change-history.js";
import { fileChanges, type FileChanges } from "../history/file-changes.js";
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
  // Its file's history in the co-change history (commits over
  // MAX_COMMIT_FILES files left out), each less its mean over the question's
  // ranked files, so 0 for every chunk when there is no history (the App's
  // tarball, a shallow clone, a folder outside git) and the model reads only
  // how the files differ:
  // -ln(1 + commits since the file last changed) / ln(1 + HISTORY_DEPTH), a
  // file the history never names as changed just before its oldest commit;
  "fileRecency",
  // ln(1 + commits that changed it) / ln(1 + HISTORY_DEPTH).
  "fileChurn",
] as const;

/**
 * The signals read from the history: a model fitted before they were added
 * gives them weight 0 (`parseChunkModel`), and so packs as it did.
 */
export const HISTORY_SIGNALS = [
  "fileRecency",
  "fileChurn",
] as const satisfies readonly ChunkSignal[];

export type ChunkSignal = (typeof CHUNK_SIGNALS)[number];

const INDEX = new Map(CHUNK_SIGNALS.map((s, i) => [s, i]));
const at = (s: ChunkSignal) => INDEX.get(s) as number;
// Each signal's column, looked up once rather than per chunk.
const BIAS = at("bias");
const SCORE = at("score");
const SCORE_IN_FILE = at("scoreInFile");
const RANK = at("rank");
const FILE_RANK = at("fileRank");
const TOP_FILE = at("topFile");
const RANK_IN_FILE = at("rankInFile");
const FILE_BEST = at("fileBest");
const FILE_CHUNKS = at("fileChunks");
const FILE_MASS = at("fileMass");
const DISTANCE_TO_BEST = at("distanceToBest");
const BESIDE_BEST = at("besideBest");
const SAME_DECLARATION = at("sameDeclaration");
const TERMS = at("terms");
const BLOCK = at("block");
const TEXT = at("text");
const LINES = at("lines");
const TEST = at("test");
const DOCS = at("docs");
const DATA = at("data");
const FILE_RECENCY = at("fileRecency");
const FILE_CHURN = at("fileChurn");
// The column of each weighted kind of evidence, by the kind's name.
const EVIDENCE_COLUMN = new Map(
  Object.entries(WEIGHTED_EVIDENCE_KIND).map(([kind, signal]) => [
    kind,
    at(signal as ChunkSignal),
  ]),
);

/** What every chunk of one file shares: its rank among files, chunk count, best chunk, mass, kind and history. */
interface FileFacts {
  path: string;
  rank: number;
  chunks: number;
  best: number;
  mass: number;
  kind: ReturnType<typeof fileKind>;
  recency: number;
  churn: number;
}

const HISTORY_SCALE = Math.log1p(HISTORY_DEPTH);

/**
 * Sets each file's `recency` and `churn` from the history, less their means
 * over the files, so only how the question's files differ counts; all 0
 * without a history (or with one that names none of them).
 */
function setFileHistory(
  files: Iterable<FileFacts>,
  history: CoChangeHistory | undefined,
): void {
  if (!history || history.commits.length === 0) return;
  const all = [...files];
  const changes = fileChanges(
    history,
    all.map((f) => f.path),
  );
  let recency = 0;
  let churn = 0;
  for (const f of all) {
    const c = changes.get(f.path) as FileChanges;
    f.recency = -Math.log1p(c.since) / HISTORY_SCALE;
    f.churn = Math.log1p(c.commits) / HISTORY_SCALE;
    recency += f.recency;
    churn += f.churn;
  }
  for (const f of all) {
    f.recency -= recency / all.length;
    f.churn -= churn / all.length;
  }
}

/**
 * The signals of every ranked chunk (one row of `CHUNK_SIGNALS.length`
 * numbers each, in rank order), from the ranking alone: what each chunk
 * scored and why, where it stands in its file and its file among files;
 * with the repository's co-change history, how recently and often its file
 * changed beside the question's other files.
 *
 * @example
 * const rows = chunkSignals(ranked, history);
 * rows[0][CHUNK_SIGNALS.indexOf("score")] // 1: the best chunk
 */
export function chunkSignals(
  ranked: readonly Pick<RankedChunk, "chunk" | "score" | "why">[],
  history?: CoChangeHistory,
): Float64Array[] {
  const top = ranked[0]?.score ?? 0;
  const scale = top > 0 ? top : 1;
  // Per file, in the order of its best chunk: what its chunks share; per
  // chunk, its rank among its file's chunks.
  const files = new Map<number, FileFacts>();
  const rankInFile = new Int32Array(ranked.length);
  for (let i = 0; i < ranked.length; i++) {
    const r = ranked[i] as (typeof ranked)[number];
    const facts = files.get(r.chunk.fileId);
    if (!facts) {
      files.set(r.chunk.fileId, {
        path: r.chunk.path,
        rank: files.size,
        chunks: 1,
        best: i,
        mass: r.score,
        kind: fileKind(r.chunk.path),
        recency: 0,
        churn: 0,
      });
      continue;
    }
    rankInFile[i] = facts.chunks;
    // The file's three best chunks, added in rank order.
    if (facts.chunks < 3) facts.mass += r.score;
    facts.chunks++;
  }
  setFileHistory(files.values(), history);
  return ranked.map((r, i) => {
    const row = new Float64Array(CHUNK_SIGNALS.length);
    const { chunk } = r;
    const file = files.get(chunk.fileId) as FileFacts;
    const best = ranked[file.best] as (typeof ranked)[number];
    const distance = Math.abs(chunk.id - best.chunk.id);
    row[BIAS] = 1;
    row[SCORE] = r.score / scale;
    row[SCORE_IN_FILE] = best.score > 0 ? r.score / best.score : 0;
    row[RANK] = Math.log1p(i);
    row[FILE_RANK] = Math.log1p(file.rank);
    row[TOP_FILE] = file.rank === 0 ? 1 : 0;
    row[RANK_IN_FILE] = Math.log1p(rankInFile[i] as number);
    row[FILE_BEST] = file.best === i ? 1 : 0;
    row[FILE_CHUNKS] = Math.log1p(file.chunks);
    row[FILE_MASS] = file.mass / scale;
    row[DISTANCE_TO_BEST] = Math.log1p(distance);
    row[BESIDE_BEST] = distance === 1 ? 1 : 0;
    row[SAME_DECLARATION] =
      distance > 0 &&
      chunk.context !== "" &&
      chunk.context === best.chunk.context
        ? 1
        : 0;
    for (const w of r.why) {
      // A weighted kind's signal bears its weight's name; terms are "terms".
      const column = w.kind === "term" ? TERMS : EVIDENCE_COLUMN.get(w.kind);
      if (column !== undefined)
        row[column] = (row[column] as number) + w.points / scale;
    }
    row[BLOCK] = chunk.kind === "block" && chunk.outline ? 1 : 0;
    row[TEXT] = chunk.outline === undefined ? 1 : 0;
    row[LINES] = Math.log1p(chunk.endLine - chunk.startLine + 1);
    row[TEST] = file.kind === "test" ? 1 : 0;
    row[DOCS] = file.kind === "docs" ? 1 : 0;
    row[DATA] = file.kind === "data" ? 1 : 0;
    row[FILE_RECENCY] = file.recency;
    row[FILE_CHURN] = file.churn;
    return row;
  });
}
