import type {
  CodeSearchHit,
  CodeSearchQuery,
  CodeSearchResult,
  TreeListing,
} from "../code-host.js";
import type { SearchFile } from "../file-set/search-file.js";
import { createSearchFileFilter } from "../file-set/search-filters.js";
import { searchPaths } from "../file-set/search-paths.js";
import { searchTokenized } from "../file-set/search-tokenized.js";
import { tokenizeSearchQuery } from "../file-set/tokenize-search-query.js";
import { chooseFilesToScan } from "./choose-files-to-scan.js";

/** What the fallbacks read: the commit's tree and its files' text. */
export interface TreeSearchSource {
  /** Every entry of the commit's tree (the host caches it). */
  listTree(): Promise<TreeListing>;
  /** The text of a file at the commit; `undefined` when missing or binary. The host caches it. */
  readText(path: string): Promise<string | undefined>;
  /** At most this many files are read for previews and the content scan (default 40). */
  fallbackFileLimit?: number;
}

const DEFAULT_FALLBACK_FILE_LIMIT = 40;

/**
 * Phases 2 and 3 of the three-phase search (docs/architecture/retrieval.md,
 * 'Three-phase search') over a GitHub tree, for when code search cannot
 * answer: the query's tokens against every path the tree names (free: one
 * tree request), then, when no path matches, token by token in the contents
 * of at most `fallbackFileLimit` files (each read may cost a request; see
 * `chooseFilesToScan` for which). A one-token query is scanned too: here the
 * literal phase was GitHub's, and it found nothing. Filters apply to both
 * phases. `notes` receives what was done; `incomplete` is set when the tree
 * was truncated or files were left unread.
 *
 * @example
 * await searchTreeFallback({ query: "retry backoff" }, source, { maxResults: 20, notes: [] })
 * // { mode: "tokenized", hits: […], notes: ["No file path holds two of the tokens …", "Read 40 of 312 files …"], incomplete: true, … }
 */
export async function searchTreeFallback(
  query: CodeSearchQuery,
  source: TreeSearchSource,
  options: { maxResults: number; notes: string[] },
): Promise<CodeSearchResult> {
  const { maxResults, notes } = options;
  const filter = createSearchFileFilter(query);
  notes.push(...filter.notes);
  const tree = await source.listTree();
  const files = tree.entries.filter(
    (entry) => entry.type === "file" && filter.matches(entry.path),
  );
  let incomplete = tree.truncated;
  if (tree.truncated)
    notes.push(
      tree.note ??
        "GitHub cut the tree listing short (over 100,000 entries or 7 MB); files it left out were not searched.",
    );
  const tokens = tokenizeSearchQuery(query.query);
  const base = { query: query.query, tokens };
  if (tokens.length === 0) {
    notes.push(
      `${JSON.stringify(query.query)} has no words to look for in file paths or contents.`,
    );
    return {
      ...base,
      mode: "path",
      hits: [],
      totalCount: 0,
      incomplete,
      notes,
    };
  }
  const budget = Math.max(
    0,
    source.fallbackFileLimit ?? DEFAULT_FALLBACK_FILE_LIMIT,
  );
  const list = tokens.join(", ");

  const byPath = searchPaths(
    files.map((file) => ({ path: file.path, text: "" })),
    tokens,
    { maxResults },
  );
  if (byPath.hits.length > 0) {
    const hits = await withPreviews(byPath.hits, tokens, source, budget);
    notes.push(
      `Matched file paths instead (tokens: ${list}): ${plural(byPath.totalCount, "file")}` +
        `${shown(hits.length, byPath.totalCount)}.`,
    );
    return {
      ...base,
      mode: "path",
      hits,
      totalCount: byPath.totalCount,
      incomplete,
      notes,
    };
  }

  const { chosen, candidates } = chooseFilesToScan(files, tokens, budget);
  const read = await readTexts(
    chosen.map((file) => file.path),
    source,
  );
  const scanned = read.filter(
    (file): file is SearchFile => file.text !== undefined,
  );
  const found = searchTokenized(scanned, tokens, { maxResults });
  if (chosen.length < candidates) incomplete = true;
  notes.push(
    `No file path holds ${tokens.length === 1 ? "the token" : "two of the tokens"} (${list}); ` +
      `searched file contents token by token in ${chosen.length} of ${plural(candidates, "file")} ` +
      `that could hold text (at most ${budget} are read, one request each: files whose path holds a token first, ` +
      `then source files, smaller first)` +
      (found.hits.length > 0
        ? `; ${plural(found.totalCount, "file")} hold a token${shown(found.hits.length, found.totalCount)}.`
        : "; none holds any of them."),
  );
  return {
    ...base,
    mode: "tokenized",
    hits: found.hits,
    totalCount: found.totalCount,
    incomplete,
    notes,
  };
}

/**
 * Path hits were ranked without contents (a score depends on the path only);
 * the files shown first, within the read budget, are read so their hits carry
 * the file's first lines, as a path hit of the local host does. The rest keep
 * no context.
 */
async function withPreviews(
  hits: CodeSearchHit[],
  tokens: string[],
  source: TreeSearchSource,
  budget: number,
): Promise<CodeSearchHit[]> {
  const read = await readTexts(
    hits.slice(0, budget).map((hit) => hit.path),
    source,
  );
  const readable = read.filter(
    (file): file is SearchFile => file.text !== undefined,
  );
  // The same phase over the same paths gives the same hits, now with their previews.
  const previewed = new Map(
    searchPaths(readable, tokens, { maxResults: readable.length }).hits.map(
      (hit) => [hit.path, hit],
    ),
  );
  return hits.map(
    (hit) =>
      previewed.get(hit.path) ?? {
        ...hit,
        context: { startLine: 1, lines: [] },
      },
  );
}

function readTexts(
  paths: string[],
  source: TreeSearchSource,
): Promise<Array<{ path: string; text: string | undefined }>> {
  return Promise.all(
    paths.map(async (path) => ({ path, text: await source.readText(path) })),
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function shown(returned: number, total: number): string {
  return returned < total ? `; showing the best ${returned}` : "";
}
