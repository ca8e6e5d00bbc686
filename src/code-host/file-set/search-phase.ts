import type { CodeSearchHit } from "../code-host.js";

/** What one search phase found. */
export interface SearchPhaseResult {
  /** The best hits, best first, at most `maxResults`. */
  hits: CodeSearchHit[];
  /** All matches the phase found: matching lines (pattern) or matching files (path, tokenized). */
  totalCount: number;
  /** Files with at least one match. */
  matchedFiles: number;
}

export interface SearchPhaseOptions {
  /** At most this many hits. */
  maxResults: number;
}

/** Anything ranked like a hit: candidates before their context is filled in, and hits. */
export interface Ranked {
  score: number;
  path: string;
  line: number;
}

/** Orders best first; ties go to the earlier path and line, so results are stable. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.score - a.score || compareStrings(a.path, b.path) || a.line - b.line;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rounds a score for display; scores are only compared within one result. */
export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}
