import type { CodeSearchQuery, CodeSearchResult } from "../code-host.js";
import type { SearchFile } from "./search-file.js";
import { createSearchFileFilter } from "./search-filters.js";
import { searchPaths } from "./search-paths.js";
import { searchPattern } from "./search-pattern.js";
import { searchTokenized } from "./search-tokenized.js";
import { tokenizeSearchQuery } from "./tokenize-search-query.js";

const DEFAULT_MAX_RESULTS = 20;
const MAX_MAX_RESULTS = 100;

/**
 * Searches files in memory with the three phases of
 * docs/architecture/retrieval.md, 'Three-phase search', so a caller
 * (often a model) always gets something useful back:
 * 1. pattern: the query as one literal, case-insensitive string in contents;
 *    any hit ends the search;
 * 2. path: the query's tokens in file paths (two distinct tokens needed when
 *    the query has two or more); any hit ends the search;
 * 3. tokenized: when the query has two or more tokens, each token separately
 *    in contents, ranked by how many distinct tokens a file holds.
 *
 * `notes` says which phase answered and why the earlier ones did not. Filters
 * (`pathPrefix`, `extension`, `filename`, `language`) apply to every phase.
 * `incomplete` is always false here: the caller knows whether `files` was
 * everything, and says so.
 *
 * @example
 * searchFiles(files, { query: "how is the retry backoff computed", language: "ts" })
 * // { mode: "tokenized", tokens: ["retry", "backoff", "computed"], hits: […], notes: ["No literal match …"] }
 */
export function searchFiles(
  files: readonly SearchFile[],
  query: CodeSearchQuery,
): CodeSearchResult {
  const notes: string[] = [];
  const maxResults = resolveMaxResults(query.maxResults, notes);
  const filter = createSearchFileFilter(query);
  notes.push(...filter.notes);
  const scoped =
    filter.notes.length > 0
      ? files.filter((file) => filter.matches(file.path))
      : files;
  const term = query.query.trim();
  const base = { query: query.query, incomplete: false };
  if (term === "") {
    notes.push(
      "The query is empty; give words, an identifier or a phrase to look for.",
    );
    return { ...base, mode: "pattern", hits: [], totalCount: 0, notes };
  }
  const options = { maxResults };
  const quoted = JSON.stringify(term);

  const pattern = searchPattern(scoped, term, options);
  if (pattern.hits.length > 0) {
    notes.push(
      `Found ${plural(pattern.totalCount, "matching line")} for ${quoted} in ${plural(pattern.matchedFiles, "file")} ` +
        `(literal, case-insensitive)${shown(pattern.hits.length, pattern.totalCount)}.`,
    );
    return {
      ...base,
      mode: "pattern",
      hits: pattern.hits,
      totalCount: pattern.totalCount,
      notes,
    };
  }

  const tokens = tokenizeSearchQuery(term);
  const tokenList = tokens.join(", ");
  if (tokens.length === 0) {
    notes.push(
      `No literal match for ${quoted} in ${plural(scoped.length, "file")}, and it has no words to search for separately.`,
    );
    return { ...base, mode: "pattern", hits: [], totalCount: 0, tokens, notes };
  }
  const paths = searchPaths(scoped, tokens, options);
  if (paths.hits.length > 0) {
    notes.push(
      `No literal match for ${quoted}; matched file paths instead (tokens: ${tokenList})` +
        `${shown(paths.hits.length, paths.totalCount)}.`,
    );
    return {
      ...base,
      mode: "path",
      hits: paths.hits,
      totalCount: paths.totalCount,
      tokens,
      notes,
    };
  }

  const pathRule =
    tokens.length === 1
      ? "no file path contains it"
      : "no file path contains two of its tokens";
  if (tokens.length < 2) {
    notes.push(
      `No literal match for ${quoted} in ${plural(scoped.length, "file")} and ${pathRule}; ` +
        "the tokenized fallback needs at least two tokens. Try another word or a broader filter.",
    );
    return { ...base, mode: "path", hits: [], totalCount: 0, tokens, notes };
  }
  const tokenized = searchTokenized(scoped, tokens, options);
  if (tokenized.hits.length > 0) {
    notes.push(
      `No literal match for ${quoted} and ${pathRule}; matched its tokens separately in file contents ` +
        `(tokens: ${tokenList}), files with more distinct tokens first${shown(tokenized.hits.length, tokenized.totalCount)}.`,
    );
  } else {
    notes.push(
      `Nothing matched ${quoted}, as a whole, in file paths or token by token (tokens: ${tokenList}).`,
    );
  }
  return {
    ...base,
    mode: "tokenized",
    hits: tokenized.hits,
    totalCount: tokenized.totalCount,
    tokens,
    notes,
  };
}

/** `maxResults` as asked, within 1..100; 20 when not given. Notes a value it had to change. */
export function resolveMaxResults(
  asked: number | undefined,
  notes: string[] = [],
): number {
  if (asked === undefined) return DEFAULT_MAX_RESULTS;
  const wanted = Number.isFinite(asked)
    ? Math.floor(asked)
    : DEFAULT_MAX_RESULTS;
  const max = Math.min(Math.max(wanted, 1), MAX_MAX_RESULTS);
  if (max !== asked)
    notes.push(
      `maxResults ${asked} is not a whole number from 1 to ${MAX_MAX_RESULTS}; used ${max}.`,
    );
  return max;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function shown(returned: number, total: number): string {
  return returned < total ? `; showing the best ${returned}` : "";
}
