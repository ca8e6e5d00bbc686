import { readFileSync } from "node:fs";
import nock from "nock";

/** One issue (or pull request) a search page lists: what a test chooses of it. */
export interface IssueSearchItemSpec {
  number: number;
  title: string;
  body: string;
  state?: "open" | "closed";
  /** The item is a pull request (GitHub's issue search lists them unless `is:issue`). */
  pullRequest?: true;
  /** Another repository's item ("owner/name"). */
  repository?: string;
}

// @octokit/fixtures' recorded `GET /search/issues` (scenario search-issues):
// its response body and headers, GitHub's own shape of a page.
const RECORDED = JSON.parse(
  readFileSync(
    new URL(
      "../../node_modules/@octokit/fixtures/scenarios/api.github.com/search-issues/normalized-fixture.json",
      import.meta.url,
    ),
    "utf8",
  ),
)[0] as {
  response: { items: Array<Record<string, unknown>> };
  headers: Record<string, string | number>;
};

/**
 * A `GET /search/issues` page as GitHub sends it for `repository`
 * ("owner/name" on `api`): each item the recorded one with its number,
 * title, body, state and addresses replaced, a pull request's with its
 * `pull_request` object, in the order given (best match first).
 */
export function issueSearchPage(
  repository: string,
  items: readonly IssueSearchItemSpec[],
  api = "https://api.github.com",
  web = "https://github.com",
) {
  const template = RECORDED.response.items[0]!;
  return {
    total_count: items.length,
    incomplete_results: false,
    items: items.map((item, i) => {
      const repo = item.repository ?? repository;
      const kind = item.pullRequest ? "pull" : "issues";
      return {
        ...template,
        url: `${api}/repos/${repo}/issues/${item.number}`,
        repository_url: `${api}/repos/${repo}`,
        html_url: `${web}/${repo}/${kind}/${item.number}`,
        id: 5000 + item.number,
        number: item.number,
        title: item.title,
        body: item.body,
        state: item.state ?? "open",
        closed_at: item.state === "closed" ? "2026-10-03T08:00:00Z" : null,
        score: items.length - i,
        ...(item.pullRequest && {
          pull_request: {
            url: `${api}/repos/${repo}/pulls/${item.number}`,
            html_url: `${web}/${repo}/pull/${item.number}`,
            diff_url: `${web}/${repo}/pull/${item.number}.diff`,
            patch_url: `${web}/${repo}/pull/${item.number}.patch`,
            merged_at: null,
          },
        }),
      };
    }),
  };
}

/** The headers of the recorded page: the `search` resource, 30 a minute. */
export function issueSearchHeaders(
  overrides: Record<string, string> = {},
): Record<string, string> {
  const recorded = Object.fromEntries(
    Object.entries(RECORDED.headers)
      .filter(([name]) => name !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  return { ...recorded, ...overrides };
}

/**
 * Expects one `GET /search/issues` with exactly this `q` and `per_page` 30
 * on `scope`, and answers it (a page, or an error body with `status`).
 *
 * @example
 * const scope = nockSearchIssues(nock(GITHUB_API), { q: "repo:o/r is:issue upload OR retries", body: issueSearchPage("o/r", items) });
 */
export function nockSearchIssues(
  scope: nock.Scope,
  options: {
    q: string;
    body: object;
    status?: number;
    headers?: Record<string, string>;
    /** The path before `/search/issues` (GitHub Enterprise Server's `/api/v3`). */
    prefix?: string;
  },
): nock.Scope {
  return scope
    .get(`${options.prefix ?? ""}/search/issues`)
    .query({ q: options.q, per_page: "30" })
    .reply(
      options.status ?? 200,
      options.body,
      issueSearchHeaders(options.headers),
    );
}
