import { posix } from "node:path";

/** What the bench's code search answers from: one repository's indexed files. */
export interface CodeSearchIndex {
  /** "owner/repo", as `repo:` names it. */
  fullName: string;
  /** GitHub's numeric repository id, for the item URLs. */
  repositoryId: number;
  /** The commit the index describes (item URLs carry it as `ref`). */
  commit: string;
  /** The `repository` object of each item (GitHub sends a minimal repository). */
  repository: Record<string, unknown>;
  files: ReadonlyArray<{ path: string; sha: string; bytes: Buffer }>;
}

export interface CodeSearchRequest {
  q: string;
  page: number;
  perPage: number;
}

// GitHub's legacy code search indexes files under 384 KB only.
// See https://docs.github.com/en/search-github/searching-on-github/searching-code#considerations-for-code-search
const MAX_INDEXED_BYTES = 384 * 1024;
// GitHub sends a few text matches per item; the recorded fixtures have two.
const MAX_FRAGMENTS = 2;

/**
 * Answers `GET /search/code` (text-match media type) from the files
 * themselves, as GitHub's index would: every file whose content holds all
 * the query's terms as whole tokens (case-insensitive, as the legacy search matches), most
 * occurrences first, each with up to two fragments (the matched line and one
 * line either side, verbatim) and the `indices` of every term inside them.
 * Only the qualifiers askcode sends for a plain question are understood
 * (`repo:`, `in:file`); anything else throws, so a change in what the host
 * sends shows up here rather than as a silently wrong answer.
 * See https://docs.github.com/en/rest/search/search#search-code
 * and https://docs.github.com/en/rest/search/search#text-match-metadata
 *
 * @example
 * answerCodeSearch(index, { q: "revalidate ETag repo:octo-org/askcode in:file", page: 1, perPage: 20 })
 * // { total_count: 6, incomplete_results: false, items: [{ path: "src/code-host/github/github-api.ts", text_matches: [...] }, ...] }
 */
export function answerCodeSearch(
  index: CodeSearchIndex,
  request: CodeSearchRequest,
): { total_count: number; incomplete_results: boolean; items: object[] } {
  const terms: string[] = [];
  let repository: string | undefined;
  for (const word of request.q.split(/\s+/).filter(Boolean)) {
    const colon = word.indexOf(":");
    if (colon === -1) terms.push(word.toLowerCase());
    else if (word.startsWith("repo:")) repository = word.slice(5);
    else if (word !== "in:file")
      throw new Error(
        `The bench's code search does not serve the qualifier ${word} (q: ${request.q})`,
      );
  }
  const inRepository =
    repository?.toLowerCase() === index.fullName.toLowerCase();
  const matched =
    inRepository && terms.length > 0
      ? index.files.flatMap((file) => match(file, terms))
      : [];
  matched.sort(
    (a, b) =>
      b.occurrences - a.occurrences || a.file.path.localeCompare(b.file.path),
  );
  const start = (request.page - 1) * request.perPage;
  return {
    total_count: matched.length,
    incomplete_results: false,
    items: matched
      .slice(start, start + request.perPage)
      .map((found) => item(index, found)),
  };
}

interface Occurrence {
  start: number;
  end: number;
}

interface Matched {
  file: CodeSearchIndex["files"][number];
  text: string;
  occurrences: number;
  spans: Occurrence[];
}

function match(
  file: CodeSearchIndex["files"][number],
  terms: string[],
): Matched[] {
  // Binary files and files over the size limit are not in GitHub's index.
  if (file.bytes.length > MAX_INDEXED_BYTES || file.bytes.includes(0))
    return [];
  const text = file.bytes.toString("utf8");
  const spans: Occurrence[] = [];
  for (const term of new Set(terms)) {
    const before = spans.length;
    for (const found of text.matchAll(tokenPattern(term)))
      spans.push({ start: found.index, end: found.index + found[0].length });
    if (spans.length === before) return []; // terms are ANDed
  }
  spans.sort((a, b) => a.start - b.start);
  return [{ file, text, occurrences: spans.length, spans }];
}

// The index matches whole tokens: "revalidate" finds "revalidate(" and "// revalidate",
// not "revalidated"; identifiers are not split at their capitals.
function tokenPattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "giu");
}

function item(index: CodeSearchIndex, found: Matched): object {
  const { file } = found;
  const url = `https://api.github.com/repositories/${index.repositoryId}/contents/${file.path}?ref=${index.commit}`;
  return {
    name: posix.basename(file.path),
    path: file.path,
    sha: file.sha,
    url,
    git_url: `https://api.github.com/repositories/${index.repositoryId}/git/blobs/${file.sha}`,
    html_url: `https://github.com/${index.fullName}/blob/${index.commit}/${file.path}`,
    repository: index.repository,
    // The REST code search sends 1.0 for every item; its order is the ranking.
    score: 1.0,
    text_matches: fragments(found).map((fragment) => ({
      object_url: url,
      object_type: "FileContent",
      property: "content",
      ...fragment,
    })),
  };
}

function fragments(found: Matched): Array<{
  fragment: string;
  matches: Array<{ text: string; indices: number[] }>;
}> {
  const { text, spans } = found;
  const result = [];
  let next = 0;
  while (next < spans.length && result.length < MAX_FRAGMENTS) {
    const first = spans[next]!;
    const lineStart = text.lastIndexOf("\n", first.start - 1) + 1;
    const from =
      lineStart === 0 ? 0 : text.lastIndexOf("\n", lineStart - 2) + 1;
    const lineEnd = endOfLine(text, first.end);
    const to = lineEnd === text.length ? lineEnd : endOfLine(text, lineEnd + 1);
    const matches = [];
    for (; next < spans.length && spans[next]!.end <= to; next++) {
      const span = spans[next]!;
      matches.push({
        text: text.slice(span.start, span.end),
        indices: [span.start - from, span.end - from],
      });
    }
    result.push({ fragment: text.slice(from, to), matches });
  }
  return result;
}

function endOfLine(text: string, from: number): number {
  const at = text.indexOf("\n", from);
  return at === -1 ? text.length : at;
}
