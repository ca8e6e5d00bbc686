import type { CodeSearchHit } from "../code-host.js";
import {
  baseName,
  countOccurrences,
  shortPathBonus,
  type SearchFile,
} from "./search-file.js";
import {
  compareRanked,
  roundScore,
  type SearchPhaseOptions,
  type SearchPhaseResult,
} from "./search-phase.js";
import { clipLine, sliceLines } from "./text-lines.js";

/** The `matchedLine` of every path-mode hit, so readers can tell them from content hits. */
export const PATH_MATCH_LINE = "[file path match]";

// A path hit shows the top of the file, which is usually what it is about.
const PREVIEW_LINES = 7;

/**
 * Phase 2 of the three-phase search (docs/architecture/retrieval.md,
 * 'Three-phase search'): the query's tokens against file paths. A query of
 * several tokens needs at least two distinct tokens in a path, so one common
 * word ("search", "utils") does not match half the repository; a one-token
 * query needs that token. Score, from most to least weight: +100 per distinct
 * token, +10 per token in the file name itself, +1 per occurrence (up to 9),
 * up to +1 for a shorter path. Hits have `line: 0` and the file's first lines
 * as context.
 *
 * @example
 * searchPaths(files, ["retry", "policy"], { maxResults: 20 })
 * // "src/retry/policy.ts" scores 100·2 + 10·1 + 2 + 0.91
 */
export function searchPaths(
  files: readonly SearchFile[],
  tokens: readonly string[],
  options: SearchPhaseOptions,
): SearchPhaseResult {
  if (tokens.length === 0) return { hits: [], totalCount: 0, matchedFiles: 0 };
  const needed = Math.min(2, tokens.length);
  const matches: Array<{
    file: SearchFile;
    path: string;
    line: number;
    score: number;
    terms: string[];
  }> = [];
  for (const file of files) {
    const path = file.path.toLowerCase();
    const name = baseName(path);
    const terms = tokens.filter((token) => path.includes(token));
    if (terms.length < needed) continue;
    const nameHits = terms.filter((token) => name.includes(token)).length;
    const occurrences = terms.reduce(
      (sum, token) => sum + countOccurrences(path, token),
      0,
    );
    const score =
      terms.length * 100 +
      nameHits * 10 +
      Math.min(occurrences, 9) +
      shortPathBonus(file.path);
    matches.push({ file, path: file.path, line: 0, score, terms });
  }
  matches.sort(compareRanked);
  const hits = matches.slice(0, options.maxResults).map((m): CodeSearchHit => ({
    path: m.path,
    line: 0,
    matchedLine: PATH_MATCH_LINE,
    context: {
      startLine: 1,
      lines: sliceLines(m.file.text, 1, PREVIEW_LINES).map((l) => clipLine(l)),
    },
    score: roundScore(m.score),
    mode: "path",
    matchedTerms: m.terms,
  }));
  return { hits, totalCount: matches.length, matchedFiles: matches.length };
}
