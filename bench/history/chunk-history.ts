// A chunk's history at a question's base commit, from its file's blame and
// the repository's recent log: the signals the history study measures.
import type { FileBlame, RecentLog } from "./read-line-history.js";

/** How many of the file's or the repository's last commits count as recent. */
export const RECENT_FILE_COMMITS = 5;
export const RECENT_REPO_COMMITS = 200;

export interface ChunkHistory {
  /** Repository commits since its newest line last changed (the log's depth when older). */
  newestCommits: number;
  /** The same for its median line. */
  medianCommits: number;
  /** Days from its newest line's last change to the base commit. */
  newestDays: number;
  medianDays: number;
  /** Commits of its file since its newest line changed: 0 when the file's last change touched it. */
  fileCommitsSince: number;
  /** Share of its lines last changed by one of its file's last RECENT_FILE_COMMITS commits. */
  recentFileShare: number;
  /** Share of its lines last changed within the repository's last RECENT_REPO_COMMITS commits. */
  recentRepoShare: number;
  /** Distinct commits that last changed its lines. */
  commits: number;
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;

/**
 * The history of lines `start`-`end` (1-based, inclusive) of a file blamed
 * at the log's base commit; undefined when blame holds none of them.
 *
 * @example
 * chunkHistory(blame, log, "src/app.py", 10, 40)?.fileCommitsSince // 0: touched by the file's last change
 */
export function chunkHistory(
  blame: FileBlame,
  log: RecentLog,
  path: string,
  start: number,
  end: number,
): ChunkHistory | undefined {
  const positions: number[] = [];
  const days: number[] = [];
  const shas = new Set<string>();
  for (let line = start; line <= end; line++) {
    const sha = blame.sha[line - 1];
    if (sha === undefined) continue;
    shas.add(sha);
    positions.push(log.position.get(sha) ?? log.depth);
    days.push((log.baseTime - (blame.time.get(sha) ?? 0)) / 86_400);
  }
  if (positions.length === 0) return undefined;
  positions.sort((a, b) => a - b);
  days.sort((a, b) => a - b);
  const newest = positions[0] as number;
  const fileCommits = log.fileCommits.get(path) ?? [];
  const recentFile = new Set(fileCommits.slice(0, RECENT_FILE_COMMITS));
  return {
    newestCommits: newest,
    medianCommits: median(positions),
    newestDays: Math.max(0, days[0] as number),
    medianDays: Math.max(0, median(days)),
    fileCommitsSince: fileCommits.filter((p) => p < newest).length,
    recentFileShare:
      positions.filter((p) => recentFile.has(p)).length / positions.length,
    recentRepoShare:
      positions.filter((p) => p < RECENT_REPO_COMMITS).length /
      positions.length,
    commits: shas.size,
  };
}
