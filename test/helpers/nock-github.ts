import { readFileSync } from "node:fs";
import nock from "nock";

/** Where every nock helper below answers from. */
export const GITHUB_API = "https://api.github.com";

// ---------------------------------------------------------------------------
// Code search: GET /search/code (used by search-code tests)
// ---------------------------------------------------------------------------

const SEARCH_FIXTURES = new URL("../fixtures/github/search/", import.meta.url);

/** A recorded-style body (or file) from test/fixtures/github/search/. */
export function searchFixture<T = unknown>(name: string): T {
  const text = readFileSync(new URL(name, SEARCH_FIXTURES), "utf8");
  return (name.endsWith(".json") ? JSON.parse(text) : text) as T;
}

/**
 * The headers GitHub sends with a code-search page: its own rate-limit
 * resource (`code_search`, 10 a minute) and the media type we asked for.
 * See https://docs.github.com/en/rest/search/search#rate-limit
 */
export function codeSearchHeaders(
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-cache",
    "x-github-media-type": "github.v3; param=text-match; format=json",
    "x-ratelimit-limit": "10",
    "x-ratelimit-remaining": "9",
    "x-ratelimit-reset": "1700000060",
    "x-ratelimit-used": "1",
    "x-ratelimit-resource": "code_search",
    "x-github-request-id": "0000:00000:0000000:0000000:00000000",
    ...overrides,
  };
}

export interface NockSearchCodeOptions {
  /** The exact `q` the request must carry. */
  q: string;
  page?: number;
  perPage?: number;
  status?: number;
  /** A fixture name (test/fixtures/github/search/) or a body. */
  body: string | object;
  headers?: Record<string, string>;
}

/**
 * Expects one `GET /search/code` with exactly this `q`, `per_page` and `page`,
 * asking for text matches, and answers it. Chain several on one `scope`.
 *
 * @example
 * const scope = nockSearchCode({ q: "retry repo:octo-org/hello-world in:file", perPage: 20, body: "no-results.json" });
 * // … run the search …
 * expect(scope.pendingMocks()).toStrictEqual([]);
 */
export function nockSearchCode(
  options: NockSearchCodeOptions,
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const body =
    typeof options.body === "string"
      ? searchFixture<object>(options.body)
      : options.body;
  return scope
    .get("/search/code")
    .matchHeader("accept", "application/vnd.github.v3.text-match+json")
    .query({
      q: options.q,
      per_page: String(options.perPage ?? 20),
      page: String(options.page ?? 1),
    })
    .reply(options.status ?? 200, body, codeSearchHeaders(options.headers));
}
