import type { Deadline } from "../../shared/deadline.js";
import type { CodeSearchHit } from "../code-host.js";
import type { CodeSearchResponse, TextMatch } from "./code-search-response.js";
import type { GitHubApi } from "./github-api.js";
import { locateTextMatches } from "./locate-text-matches.js";
import type { SearchPacer } from "./search-pacer.js";

/** What a code-search request needs: the API, its budget, and the repository. */
export interface CodeSearchRequester {
  api: GitHubApi;
  /** askcode's code-search budget, shared by every run of the process. */
  pacer: SearchPacer;
  /** The budget's key: one per installation, e.g. "installation:42". */
  paceKey: string;
  /** The run's deadline: no search waits its turn past half the time left. */
  deadline?: Deadline;
  owner: string;
  repo: string;
  /** The text of a file at the run's commit; `undefined` when missing or binary. The host caches it. */
  readText(path: string): Promise<string | undefined>;
}

export interface CollectedHits {
  /** At most `maxResults`, in GitHub's order of files, then by line. */
  hits: CodeSearchHit[];
  /** Files GitHub found in all (`total_count`). */
  totalCount: number;
  /** Files whose hits were used. */
  files: number;
  /** GitHub said `incomplete_results`, or a later page failed. */
  incomplete: boolean;
  /** Matches not found in the files at the commit: the index lags behind it. */
  unplaced: number;
  /** Why paging stopped before the results ended, when a later page failed. */
  stoppedEarly?: string;
}

/**
 * The installation's code-search budget (`SearchPacer`) had no turn free
 * within the time the run could wait: like a rate limit, it narrows the
 * search to the tree, it does not end the answer.
 */
export class NoSearchTurnError extends Error {
  constructor() {
    super(
      "askcode's code-search budget for this installation had no turn free within half the time left",
    );
    this.name = "NoSearchTurnError";
  }
}

const MAX_PER_PAGE = 100;
// The search API serves the first 1,000 results of a query and no more.
// See https://docs.github.com/en/rest/search/search#about-search
const MAX_REACHABLE = 1000;

/**
 * Pages through `GET /search/code` with text matches until `maxResults` hits
 * or the results end, each page paced, and turns each file's matches into
 * line hits (reading the file at the commit). A page is never cached: the
 * index moves with every push and the cache key could not say which commit a
 * page describes; and GitHub sends search results without an ETag, so a
 * cached page could only be served blind, never revalidated.
 * The first page's errors are thrown as Octokit threw them; a later page's
 * end the paging with what was found.
 */
export async function collectCodeSearchHits(
  q: string,
  maxResults: number,
  source: CodeSearchRequester,
): Promise<CollectedHits> {
  const perPage = Math.min(MAX_PER_PAGE, maxResults);
  const repository = `${source.owner}/${source.repo}`.toLowerCase();
  const found: CollectedHits = {
    hits: [],
    totalCount: 0,
    files: 0,
    incomplete: false,
    unplaced: 0,
  };
  for (let page = 1; found.hits.length < maxResults; page++) {
    let data: CodeSearchResponse;
    try {
      data = await fetchPage(q, page, perPage, source);
    } catch (error) {
      if (page === 1) throw error;
      found.incomplete = true;
      found.stoppedEarly =
        error instanceof Error ? error.message : String(error);
      break;
    }
    found.totalCount = data.total_count;
    found.incomplete ||= data.incomplete_results;
    // `repo:` scopes the search; the check keeps another repository's path from ever being read here.
    const items = data.items
      .map((item, index) => ({ item, rank: (page - 1) * perPage + index }))
      .filter(
        ({ item }) => item.repository?.full_name?.toLowerCase() === repository,
      );
    for (let next = 0; next < items.length && found.hits.length < maxResults;) {
      // Read only as many files as hits are still wanted: most files give one or more.
      const batch = items.slice(next, next + maxResults - found.hits.length);
      next += batch.length;
      const texts = await Promise.all(
        batch.map(({ item }) => source.readText(item.path)),
      );
      batch.forEach(({ item, rank }, i) => {
        const text = texts[i];
        if (text === undefined) {
          found.unplaced += Math.max(1, countContentMatches(item.text_matches));
          return;
        }
        // GitHub's own score when it sends one; else its order.
        const score =
          typeof item.score === "number" ? item.score : MAX_REACHABLE - rank;
        const located = locateTextMatches(item, text, score);
        if (located.hits.length > 0) found.files++;
        found.hits.push(...located.hits);
        found.unplaced += located.unplaced;
      });
    }
    const reachable = Math.min(found.totalCount, MAX_REACHABLE);
    if (data.items.length < perPage || page * perPage >= reachable) break;
  }
  found.hits = found.hits.slice(0, maxResults);
  return found;
}

async function fetchPage(
  q: string,
  page: number,
  perPage: number,
  source: CodeSearchRequester,
): Promise<CodeSearchResponse> {
  if (!(await source.pacer.acquire(source.paceKey, source.deadline)))
    throw new NoSearchTurnError();
  try {
    const response = await source.api.get(
      (rest) => rest.search.code,
      { q, per_page: perPage, page },
      // Octokit turns a format into `application/vnd.github.v3.<format>`, so
      // "text-match+json" sends the documented media type verbatim.
      // See https://docs.github.com/en/rest/search/search#text-match-metadata
      { cache: false, mediaFormat: "text-match+json" },
    );
    source.pacer.observe(source.paceKey, response.headers);
    return response.data;
  } catch (error) {
    // A rate-limit answer carries the freshest word on the budget.
    const headers = (
      error as {
        response?: { headers?: Record<string, string | number | undefined> };
      }
    ).response?.headers;
    if (headers) source.pacer.observe(source.paceKey, headers);
    throw error;
  }
}

function countContentMatches(textMatches: TextMatch[] | undefined): number {
  return (textMatches ?? [])
    .filter((match) => match.property === "content")
    .reduce((sum, match) => sum + (match.matches?.length ?? 0), 0);
}
