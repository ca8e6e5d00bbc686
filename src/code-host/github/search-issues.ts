import type { Deadline } from "../../shared/deadline.js";
import type { GitHubApi } from "./github-api.js";

/** An earlier issue of the repository, as GitHub's issue search returns it. */
export interface IssueSearchHit {
  number: number;
  title: string;
  /** Its opening post ("" when it has none). */
  body: string;
  state: "open" | "closed";
}

/** What one search asks for: the words, the issue asking (never a hit), how long it may take. */
export interface IssueSearchQuery {
  /** Plain words (letters, digits, `_`), any of which an issue may have, strongest first: those past GitHub's limits (six words, 256 characters) are left out. */
  words: readonly string[];
  /** The issue the question is, left out of the hits. */
  excludeNumber: number;
  /** The search, rate-limit waits included, ends by then. */
  deadline?: Deadline;
}

/** Searches one repository's issues (`createGitHubIssueSearch`). */
export type IssueSearch = (
  query: IssueSearchQuery,
) => Promise<IssueSearchHit[]>;

// One page, best match first: the candidates askcode re-ranks.
const PER_PAGE = 30;
// GitHub's search takes no longer query, and at most five AND, OR or NOT.
// See https://docs.github.com/en/search-github/getting-started-with-searching-on-github/troubleshooting-search-queries#limitations-on-query-length
const MAX_QUERY_CHARS = 256;
const MAX_OPERATORS = 5;
const WORD = /^\w+$/;

/**
 * The issues of one repository that have any of a question's words, best
 * match first (GitHub's order): `GET /search/issues` with
 * `repo:OWNER/NAME is:issue w1 OR w2 …`, one page of 30, never cached
 * (results move with every new issue). Pull requests, the asking issue and
 * any item of another repository are left out; the installation's token
 * sees only the issues askcode may read.
 *
 * The search API allows 30 requests a minute, apart from code search's 10:
 * askcode's Octokit runs every `/search/` request one at a time, two
 * seconds apart, per installation (plugin-throttling's `search` group),
 * which is that limit. A rate limit is not waited out past `deadline`, and
 * every failure is thrown for the caller, whose answer goes on without it.
 * See https://docs.github.com/en/rest/search/search#search-issues-and-pull-requests
 *
 * @example
 * const search = createGitHubIssueSearch({ api, owner: "octo-org", repo: "hello-world" });
 * await search({ words: ["upload", "retries"], excludeNumber: 40 }) // [{ number: 12, title: "Upload retries forever", body: "…", state: "closed" }]
 */
export function createGitHubIssueSearch(ctx: {
  api: GitHubApi;
  owner: string;
  repo: string;
}): IssueSearch {
  const repository = `/repos/${ctx.owner}/${ctx.repo}`.toLowerCase();
  return async ({ words, excludeNumber, deadline }) => {
    const bad = words.find((word) => !WORD.test(word));
    if (bad !== undefined)
      throw new TypeError(
        `issue search words are letters, digits and _ only; received ${JSON.stringify(bad)}`,
      );
    const q = issueQuery(`repo:${ctx.owner}/${ctx.repo} is:issue`, words);
    if (q === undefined) return [];
    const { data } = await ctx.api.get(
      (rest) => rest.search.issuesAndPullRequests,
      { q, per_page: PER_PAGE },
      { cache: false, ...(deadline ? { deadline } : {}) },
    );
    return data.items
      .filter(
        (item) =>
          !item.pull_request &&
          item.number !== excludeNumber &&
          item.repository_url.toLowerCase().endsWith(repository),
      )
      .map((item) => ({
        number: item.number,
        title: item.title,
        body: item.body ?? "",
        state: item.state === "closed" ? "closed" : "open",
      }));
  };
}

/** `scope` and as many of `words` as fit GitHub's limits, joined by OR; undefined for none. */
function issueQuery(
  scope: string,
  words: readonly string[],
): string | undefined {
  let q: string | undefined;
  for (const word of words.slice(0, MAX_OPERATORS + 1)) {
    const longer = q === undefined ? `${scope} ${word}` : `${q} OR ${word}`;
    if (longer.length > MAX_QUERY_CHARS) break;
    q = longer;
  }
  return q;
}
