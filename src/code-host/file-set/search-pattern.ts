import type { CodeSearchHit } from "../code-host.js";
import { lowerText, shortPathBonus, type SearchFile } from "./search-file.js";
import {
  compareRanked,
  roundScore,
  type SearchPhaseOptions,
  type SearchPhaseResult,
} from "./search-phase.js";
import { contextAround, lineBounds, lineNumberAt } from "./text-lines.js";

// One file with hundreds of matching lines would otherwise fill every result
// slot; a few lines per file leave room for other files.
const MAX_HITS_PER_FILE = 5;
// Lines per file that are scored one by one; later matches are only counted.
const MAX_SCORED_LINES_PER_FILE = 200;

// The text just before the match declares a name: "function ", "class ",
// "def ", "const ", Go's "func (r *T) ". Tested on the line's tail before the
// match only, so the regex stays cheap and is compiled once.
const DECLARES_NAME =
  /(?:^|[^\w$])(?:function\*?|class|def|interface|type|enum|struct|trait|fn|func|const|let|var|val|module|namespace|impl|macro|record|object|protocol)\s+$|\bfunc\s*\([^)]*\)\s*$/;
const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;

interface Candidate {
  file: SearchFile;
  path: string;
  line: number;
  column: number;
  score: number;
}

/**
 * Phase 1 of the three-phase search (docs/architecture/retrieval.md,
 * 'Three-phase search'): a literal, case-insensitive substring scan of file
 * contents. One hit per matching line, at most 5 lines per file. Score, from
 * most to least weight:
 * - +8 when the match is the name being declared (`function retry(`, `class Retry`);
 * - +2 when the match is a whole word;
 * - +0.5 per matching line in the file, up to +5 (files about the term);
 * - up to +1 for a shorter path.
 *
 * @example
 * searchPattern([{ path: "a.ts", text: "export function retry() {}" }], "Retry", { maxResults: 20 })
 * // hits[0]: { path: "a.ts", line: 1, score: 12.48, mode: "pattern", matchedTerms: ["Retry"], … }
 */
export function searchPattern(
  files: readonly SearchFile[],
  pattern: string,
  options: SearchPhaseOptions,
): SearchPhaseResult {
  const term = pattern.trim();
  const needle = term.toLowerCase();
  if (needle === "") return { hits: [], totalCount: 0, matchedFiles: 0 };

  const candidates: Candidate[] = [];
  let totalCount = 0;
  let matchedFiles = 0;
  for (const file of files) {
    const lower = lowerText(file);
    let offset = lower.indexOf(needle);
    if (offset === -1) continue;
    matchedFiles++;
    const scored: Candidate[] = [];
    let matchedLines = 0;
    let cursor = { offset: 0, line: 1 };
    while (offset !== -1) {
      matchedLines++;
      const { start, end } = lineBounds(lower, offset);
      if (scored.length < MAX_SCORED_LINES_PER_FILE) {
        const line = lineNumberAt(lower, offset, cursor);
        cursor = { offset, line };
        const score = lineScore(lower, start, offset, offset + needle.length);
        scored.push({
          file,
          path: file.path,
          line,
          column: offset - start,
          score,
        });
      }
      // The next match on a later line: one hit per line.
      offset = end === lower.length ? -1 : lower.indexOf(needle, end + 1);
    }
    totalCount += matchedLines;
    const fileBonus =
      Math.min(matchedLines, 10) * 0.5 + shortPathBonus(file.path);
    scored.sort((a, b) => b.score - a.score || a.line - b.line);
    for (const candidate of scored.slice(0, MAX_HITS_PER_FILE)) {
      candidates.push({ ...candidate, score: 1 + candidate.score + fileBonus });
    }
  }

  candidates.sort(compareRanked);
  const hits = candidates
    .slice(0, options.maxResults)
    .map((c): CodeSearchHit => {
      return {
        path: c.path,
        line: c.line,
        ...contextAround(c.file.text, c.line, c.column),
        score: roundScore(c.score),
        mode: "pattern",
        matchedTerms: [term],
      };
    });
  return { hits, totalCount, matchedFiles };
}

function lineScore(
  lower: string,
  lineStart: number,
  matchStart: number,
  matchEnd: number,
): number {
  let score = 0;
  if (
    DECLARES_NAME.test(
      lower.slice(Math.max(lineStart, matchStart - 80), matchStart),
    )
  )
    score += 8;
  const before = lower[matchStart - 1];
  const after = lower[matchEnd];
  if (
    (before === undefined || !IDENTIFIER_CHAR.test(before)) &&
    (after === undefined || !IDENTIFIER_CHAR.test(after))
  ) {
    score += 2;
  }
  return score;
}
