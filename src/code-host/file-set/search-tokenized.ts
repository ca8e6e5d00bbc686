import type { CodeSearchHit } from "../code-host.js";
import { countOccurrences, lowerText, type SearchFile } from "./search-file.js";
import {
  compareRanked,
  roundScore,
  type SearchPhaseOptions,
  type SearchPhaseResult,
} from "./search-phase.js";
import { contextAround, lineBounds, lineNumberAt } from "./text-lines.js";

// Counting stops here per token and file: past it, frequency says nothing
// more and a huge generated file would only cost time.
const MAX_COUNTED = 999;
// Occurrences per token looked at when choosing the best line of a file.
const MAX_LOCATED = 200;

interface Candidate {
  file: SearchFile;
  path: string;
  line: number;
  score: number;
  terms: string[];
}

/**
 * Phase 3 of the three-phase search (docs/architecture/retrieval.md,
 * 'Three-phase search'): each token scanned for separately (literal,
 * case-insensitive) in file contents. Files rank by token coverage first,
 * then by frequency: score = 1000 × distinct tokens + occurrences (up to 999).
 * Each file gives one hit, on its line with the most distinct tokens (then
 * the most occurrences, then the earliest). Meant for queries of two or more
 * tokens; the caller decides (`searchFiles` does).
 *
 * @example
 * searchTokenized(files, ["retry", "backoff"], { maxResults: 20 })
 * // a file with both tokens outranks one with only "retry", however often
 */
export function searchTokenized(
  files: readonly SearchFile[],
  tokens: readonly string[],
  options: SearchPhaseOptions,
): SearchPhaseResult {
  const candidates: Candidate[] = [];
  for (const file of files) {
    const lower = lowerText(file);
    const terms: string[] = [];
    let occurrences = 0;
    for (const token of tokens) {
      const count = countOccurrences(lower, token, MAX_COUNTED);
      if (count === 0) continue;
      terms.push(token);
      occurrences += count;
    }
    if (terms.length === 0) continue;
    const score = terms.length * 1000 + Math.min(occurrences, MAX_COUNTED);
    candidates.push({ file, path: file.path, line: 0, score, terms });
  }
  candidates.sort(compareRanked);
  // Only the files that will be shown need their best line found.
  const hits = candidates
    .slice(0, options.maxResults)
    .map((c): CodeSearchHit => {
      const best = bestLine(lowerText(c.file), c.terms);
      return {
        path: c.path,
        line: best.line,
        ...contextAround(c.file.text, best.line, best.column),
        score: roundScore(c.score),
        mode: "tokenized",
        matchedTerms: c.terms,
      };
    });
  return {
    hits,
    totalCount: candidates.length,
    matchedFiles: candidates.length,
  };
}

/** The line holding the most distinct tokens, then the most occurrences, then the earliest. */
function bestLine(
  lower: string,
  tokens: readonly string[],
): { line: number; column: number } {
  const lines = new Map<
    number,
    { tokens: Set<string>; occurrences: number; column: number }
  >();
  for (const token of tokens) {
    let cursor = { offset: 0, line: 1 };
    let located = 0;
    for (
      let at = lower.indexOf(token);
      at !== -1 && located < MAX_LOCATED;
      at = lower.indexOf(token, at + token.length)
    ) {
      located++;
      const line = lineNumberAt(lower, at, cursor);
      cursor = { offset: at, line };
      const entry = lines.get(line) ?? {
        tokens: new Set<string>(),
        occurrences: 0,
        column: at - lineBounds(lower, at).start,
      };
      entry.tokens.add(token);
      entry.occurrences++;
      lines.set(line, entry);
    }
  }
  let best = { line: 1, column: 0, tokens: 0, occurrences: 0 };
  for (const [line, entry] of lines) {
    const better =
      entry.tokens.size > best.tokens ||
      (entry.tokens.size === best.tokens &&
        (entry.occurrences > best.occurrences ||
          (entry.occurrences === best.occurrences && line < best.line)));
    if (better)
      best = {
        line,
        column: entry.column,
        tokens: entry.tokens.size,
        occurrences: entry.occurrences,
      };
  }
  return { line: best.line, column: best.column };
}
