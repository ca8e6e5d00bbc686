// The history study's candidate chunk-model signals (bench/history/history-fit.ts),
// per ranked chunk, read at the question's base commit: its lines' age from
// `git blame` for the files ranked 1-8 (what packing shows; blaming more
// costs more than a warm question can pay), and its file's recency and churn
// in the last 2,000 commits for every chunk.
import type { RankedChunk } from "../../src/retrieval/rank/rank-chunks.js";
import { chunkHistory } from "./chunk-history.js";
import type { FileBlame, RecentLog } from "./read-line-history.js";

/** The columns, in order, after the model's signals. */
export const HISTORY_COLUMNS = [
  // 1 for a chunk of a file ranked 1-8 (the ones blamed).
  "blamed",
  // 1 / (1 + its file's commits since its newest line changed): 1 when the file's last change touched it.
  "touchedByFileChange",
  // 1 - ln(1 + repository commits since its newest line changed) / ln(1 + depth).
  "lineRecency",
  // ln(1 + distinct commits that last changed its lines).
  "lineCommits",
  // 1 - ln(1 + commits since its file last changed) / ln(1 + depth), for every ranked chunk.
  "fileRecency",
  // ln(1 + its file's commits in the log) / ln(1 + depth).
  "fileChurn",
] as const;

/** Files ranked by their best chunk that are blamed: those packing shows at 13k, about. */
export const BLAMED_FILES = 8;
/** A file's first ranked chunks, what packing shows of it first: the relation table's "leads". */
export const LEADS = 3;
/** Commits read back from the base commit, as the co-change tier reads them. */
export const LOG_DEPTH = 2000;

/** The files blamed for a ranking: its first BLAMED_FILES by best chunk. */
export function blamedFiles(ranked: readonly RankedChunk[]): string[] {
  return [...new Set(ranked.map((r) => r.chunk.path))].slice(0, BLAMED_FILES);
}

/**
 * Each ranked chunk's HISTORY_COLUMNS from its file's blame (when blamed)
 * and the repository's recent log.
 *
 * @example
 * historyColumns(ranked, blames, log)[0] // [1, 0.5, 0.81, 1.39, 0.93, 0.41]
 */
export function historyColumns(
  ranked: readonly RankedChunk[],
  blames: ReadonlyMap<string, FileBlame | undefined>,
  log: RecentLog,
): number[][] {
  const scale = Math.log1p(log.depth);
  return ranked.map(({ chunk }) => {
    const commits = log.fileCommits.get(chunk.path) ?? [];
    const file = [
      1 - Math.log1p(commits[0] ?? log.depth) / scale,
      Math.log1p(commits.length) / scale,
    ];
    const blame = blames.get(chunk.path);
    const h = blame
      ? chunkHistory(blame, log, chunk.path, chunk.startLine, chunk.endLine)
      : undefined;
    if (!h) return [0, 0, 0, 0, ...file];
    return [
      1,
      1 / (1 + h.fileCommitsSince),
      1 - Math.log1p(h.newestCommits) / scale,
      Math.log1p(h.commits),
      ...file,
    ];
  });
}
