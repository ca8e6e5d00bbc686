import type { CodeSearchQuery, CodeSearchResult } from "../code-host.js";
import { resolveMaxResults } from "../file-set/search-files.js";
import { buildCodeSearchQuery } from "./build-code-search-query.js";
import {
  collectCodeSearchHits,
  NoSearchTurnError,
  type CodeSearchRequester,
} from "./collect-code-search-hits.js";
import { RateLimitError } from "../../shared/errors.js";
import { mapRequestError } from "./map-request-error.js";
import {
  searchTreeFallback,
  type TreeSearchSource,
} from "./search-tree-fallback.js";

/** Everything `searchGitHubCode` reads through; the GitHub host builds one per reader. */
export interface GitHubSearchContext
  extends CodeSearchRequester, TreeSearchSource {
  /** The commit the run reads at. */
  sha: string;
  /**
   * `sha` is the default branch's head. Code search only indexes the default
   * branch; for any other commit its results would describe other code, so
   * it is not asked at all.
   */
  searchesIndexedCommit: boolean;
}

/**
 * Searches one repository at one commit, cheapest faithful source first:
 * 1. GitHub code search (`GET /search/code`, text matches turned into lines
 *    of the files at `sha`), when `sha` is what the index describes;
 * 2. when it cannot answer (another commit, no hits, a query it rejects with
 *    422, a rate limit that outlasts Octokit's retries or the run's time
 *    left), the tree's paths, then file contents token by token, within a
 *    read budget (`searchTreeFallback`).
 * Each hit says which of these found it (`mode`), and `notes` says why.
 * Other HTTP faults throw `GitHubError` (see `mapRequestError`).
 *
 * @example
 * const result = await searchGitHubCode({ query: "retryAfter", language: "typescript" }, ctx);
 * result.hits[0] // { path: "src/retry.ts", line: 42, matchedLine: "…", mode: "code-search", … }
 */
export async function searchGitHubCode(
  query: CodeSearchQuery,
  ctx: GitHubSearchContext,
): Promise<CodeSearchResult> {
  const notes: string[] = [];
  if (query.query.trim() === "") {
    notes.push(
      "The query is empty; give words, an identifier or a phrase to look for.",
    );
    return {
      query: query.query,
      mode: "code-search",
      hits: [],
      totalCount: 0,
      incomplete: false,
      notes,
    };
  }
  const maxResults = resolveMaxResults(query.maxResults, notes);
  const fallback = () => searchTreeFallback(query, ctx, { maxResults, notes });
  const at = ctx.sha.slice(0, 7);
  if (!ctx.searchesIndexedCommit) {
    notes.push(
      `GitHub code search only indexes the default branch's latest commit, and ${at} is not it; ` +
        `searched the tree at ${at} instead.`,
    );
    return fallback();
  }

  const built = buildCodeSearchQuery(query, ctx);
  notes.push(...built.notes);
  if (built.q === "") return fallback();
  const shownQuery = JSON.stringify(built.q);
  let found;
  try {
    found = await collectCodeSearchHits(built.q, maxResults, ctx);
  } catch (error) {
    if (error instanceof NoSearchTurnError) {
      notes.push(
        `${error.message} (other questions are searching); searched the tree at ${at} instead.`,
      );
      return fallback();
    }
    const mapped = mapRequestError(
      error,
      `searching code in ${ctx.owner}/${ctx.repo}`,
    );
    // The tree costs no search budget: a rate limit narrows the search, it does not end the answer.
    if (mapped instanceof RateLimitError) {
      notes.push(
        `GitHub code search is rate-limited (HTTP ${mapped.status}); searched the tree at ${at} instead.`,
      );
      return fallback();
    }
    const rejection = invalidQueryMessage(error);
    if (rejection === undefined) throw mapped;
    notes.push(
      `GitHub code search rejected ${shownQuery} (HTTP 422: ${rejection}); searched the tree at ${at} instead.`,
    );
    return fallback();
  }

  if (found.unplaced > 0)
    notes.push(
      `${found.unplaced} match${found.unplaced === 1 ? "" : "es"} from GitHub's search index ` +
        `did not match the files at ${at} (the index lags behind pushes) and ` +
        `${found.unplaced === 1 ? "was" : "were"} left out.`,
    );
  if (found.stoppedEarly)
    notes.push(
      `A later page of results failed (${found.stoppedEarly}); showing what came before it.`,
    );
  if (found.hits.length === 0) {
    notes.push(
      `GitHub code search found nothing usable for ${shownQuery}. It silently misses forks, ` +
        `files over 384 KB, some private repositories, and regex or symbol: queries; ` +
        `searched the tree at ${at} instead.`,
    );
    return fallback();
  }
  notes.unshift(
    `GitHub code search found ${found.totalCount} file${found.totalCount === 1 ? "" : "s"} for ${shownQuery}; ` +
      `showing ${found.hits.length} matching line${found.hits.length === 1 ? "" : "s"} from ${found.files} of them.`,
  );
  if (found.incomplete && !found.stoppedEarly)
    notes.push(
      "GitHub's search timed out before it finished (incomplete_results); more matches may exist.",
    );
  return {
    query: query.query,
    mode: "code-search",
    hits: found.hits,
    totalCount: found.totalCount,
    incomplete: found.incomplete,
    notes,
  };
}

/** GitHub's reason for a 422 (an unparsable or invalid query), or undefined for any other error. */
function invalidQueryMessage(error: unknown): string | undefined {
  const failure = error as {
    status?: unknown;
    message?: unknown;
    response?: { data?: { message?: unknown; errors?: unknown } };
  };
  if (failure.status !== 422) return undefined;
  const data = failure.response?.data;
  const errors: unknown[] = Array.isArray(data?.errors) ? data.errors : [];
  const details = errors
    .map((e) => (e as { message?: unknown } | null)?.message)
    .filter((m): m is string => typeof m === "string" && m !== "");
  const message =
    typeof data?.message === "string" ? data.message : String(failure.message);
  return [message, ...details].join(": ");
}
