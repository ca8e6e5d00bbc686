import type { CodeSearchQuery } from "../code-host.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";

/**
 * Characters the REST code search drops from search terms ("The search will
 * simply ignore these symbols"): removing them ourselves keeps the query we
 * report equal to the one GitHub ran, and keeps `:`-words such as `symbol:`
 * from reaching the legacy parser, which rejects them with 422.
 * See https://docs.github.com/en/search-github/searching-on-github/searching-code
 */
const IGNORED_CHARACTERS = /[.,:;/\\`'"=*!?#$&+^|~<>(){}[\]@]/g;
// GitHub refuses longer queries with 422 "Validation Failed", qualifiers not counted.
// See https://docs.github.com/en/rest/search/search#limitations-on-query-length
const MAX_TERMS_LENGTH = 256;

export interface BuiltCodeSearchQuery {
  /** The `q` parameter; "" when no search term is left (GitHub requires one). */
  q: string;
  /** The search terms alone, as sent. */
  terms: string;
  /** What was changed on the way, in sentences. */
  notes: string[];
}

/**
 * Builds the `q` of `GET /search/code` for one repository: the query's terms,
 * then `repo:`, `in:file` and a qualifier per filter (`path:`, `language:`,
 * `extension:`, `filename:`), values with spaces in double quotes.
 * `in:file` keeps results to content matches, the only ones that have lines;
 * matches on paths are the path fallback's work.
 * Throws `InvalidPathError` for a `pathPrefix` that is not a repository path.
 *
 * @example
 * buildCodeSearchQuery({ query: "retryAfter()", pathPrefix: "src/", language: "TypeScript" }, { owner: "octo", repo: "app" }).q
 * // "retryAfter repo:octo/app in:file path:src language:TypeScript"
 */
export function buildCodeSearchQuery(
  query: CodeSearchQuery,
  repository: { owner: string; repo: string },
): BuiltCodeSearchQuery {
  const notes: string[] = [];
  const asked = query.query.trim();
  let terms = asked
    .replace(IGNORED_CHARACTERS, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (terms !== asked && terms !== "") {
    notes.push(
      `GitHub code search ignores punctuation such as . : ( ) { } [ ] / and quotes; ` +
        `searched for ${JSON.stringify(terms)} rather than ${JSON.stringify(asked)}.`,
    );
  }
  if (terms.length > MAX_TERMS_LENGTH) {
    const cut = terms.lastIndexOf(" ", MAX_TERMS_LENGTH);
    terms = terms.slice(0, cut > 0 ? cut : MAX_TERMS_LENGTH);
    notes.push(
      `GitHub code search takes at most ${MAX_TERMS_LENGTH} characters of search terms; ` +
        `searched for the first ${terms.length}.`,
    );
  }
  if (terms === "") {
    notes.push(
      `The query ${JSON.stringify(asked)} has no words GitHub code search can look for.`,
    );
    return { q: "", terms, notes };
  }

  const qualifiers = [`repo:${repository.owner}/${repository.repo}`, "in:file"];
  const prefix =
    query.pathPrefix === undefined ? "" : normalizeRepoPath(query.pathPrefix);
  if (prefix !== "") qualifiers.push(qualifier("path", prefix));
  const language = query.language?.trim();
  if (language) qualifiers.push(qualifier("language", language));
  const extension = query.extension?.trim().replace(/^\./, "");
  if (extension) qualifiers.push(qualifier("extension", extension));
  const filename = query.filename?.trim();
  if (filename) qualifiers.push(qualifier("filename", filename));
  return { q: [terms, ...qualifiers].join(" "), terms, notes };
}

// A value with a space must be quoted or GitHub reads its second word as a search term.
function qualifier(name: string, value: string): string {
  const clean = value.replace(/"/g, "");
  return /\s/.test(clean) ? `${name}:"${clean}"` : `${name}:${clean}`;
}
