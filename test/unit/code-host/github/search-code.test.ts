import nock from "nock";
import { createResponseCache } from "../../../../src/cache/response-cache.js";
import type {
  TreeEntry,
  TreeListing,
} from "../../../../src/code-host/code-host.js";
import type { CodeSearchResponse } from "../../../../src/code-host/github/code-search-response.js";
import {
  AskcodeOctokit,
  type RequestingOctokit,
} from "../../../../src/code-host/github/create-octokit.js";
import {
  boundToDeadline,
  createGitHubApi,
} from "../../../../src/code-host/github/github-api.js";
import {
  searchGitHubCode,
  type GitHubSearchContext,
} from "../../../../src/code-host/github/search-code.js";
import {
  createSearchPacer,
  type SearchPacer,
} from "../../../../src/code-host/github/search-pacer.js";
import { createDeadline } from "../../../../src/shared/deadline.js";
import { createFakeClock } from "../../../helpers/fake-clock.js";
import {
  githubFixture,
  nockSearchCode,
  searchFixture,
} from "../../../helpers/nock-github.js";
import { createTestOctokit } from "../../../helpers/test-octokit.js";

const SHA = "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d";
const IN_REPO = "repo:octo-org/hello-world in:file";
const KEY = "installation:42";
const POLICY = searchFixture<string>("policy.ts.txt");
const CLIENT = `import { shouldRetry } from "./retry/policy.js";

export async function send(request: () => Promise<Response>) {
  for (let attempt = 1; ; attempt++) {
    const response = await request();
    if (response.ok || !shouldRetry(response, attempt)) return response;
  }
}
`;

// Throttling and retry off (docs/conventions.md, "Octokit plugins and the rate-limit policy"): Octokit's search group would space
// these requests 2 s apart in real time, and askcode's own pacing is what
// these tests drive. The rate-limit test uses the production policy instead.
function quietOctokit(): RequestingOctokit {
  return new AskcodeOctokit({
    auth: "ghs_testinstallationtoken",
    throttle: { enabled: false },
    retry: { enabled: false },
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
}

function setup(
  files: Record<string, string>,
  options: {
    octokit?: RequestingOctokit;
    extraEntries?: TreeEntry[];
    truncated?: boolean;
    context?: Partial<GitHubSearchContext>;
  } = {},
) {
  const clock = createFakeClock(1_700_000_000_000);
  const api = createGitHubApi({
    octokit: options.octokit ?? quietOctokit(),
    cache: createResponseCache({ clock }),
    namespace: KEY,
  });
  const pacer = createSearchPacer({ clock });
  const acquired: string[] = [];
  const spiedPacer: SearchPacer = {
    acquire: (key, deadline) => (
      acquired.push(key),
      pacer.acquire(key, deadline)
    ),
    observe: (key, headers) => pacer.observe(key, headers),
  };
  const reads: string[] = [];
  const tree: TreeListing = {
    sha: SHA,
    truncated: options.truncated ?? false,
    entries: [
      ...Object.entries(files).map(([path, text]): TreeEntry => ({
        path,
        type: "file",
        size: Buffer.byteLength(text),
      })),
      ...(options.extraEntries ?? []),
    ],
  };
  const ctx: GitHubSearchContext = {
    api,
    pacer: spiedPacer,
    paceKey: KEY,
    owner: "octo-org",
    repo: "hello-world",
    sha: SHA,
    searchesIndexedCommit: true,
    listTree: async () => tree,
    readText: async (path) => {
      reads.push(path);
      return files[path];
    },
    ...options.context,
  };
  return { ctx, api, clock, pacer, acquired, reads };
}

describe("searchGitHubCode with GitHub's code search", () => {
  it("turns text-match offsets into lines of the file at the commit, across multi-line fragments", async () => {
    const { ctx, acquired } = setup({
      "src/retry/policy.ts": POLICY,
      "src/client.ts": CLIENT,
    });
    const scope = nockSearchCode({
      q: `attempt ${IN_REPO}`,
      body: "attempt-text-match.json",
    });

    const result = await searchGitHubCode({ query: "attempt" }, ctx);

    expect(
      result.hits.map((h) => [h.path, h.line, h.matchedLine, h.score]),
    ).toStrictEqual([
      [
        "src/retry/policy.ts",
        3,
        "/** How long to wait before the next attempt, in milliseconds. */",
        1,
      ],
      [
        "src/retry/policy.ts",
        4,
        "export function retryAfter(error: RequestError, attempt: number): number {",
        1,
      ],
      [
        "src/retry/policy.ts",
        10,
        "export function shouldRetry(error: RequestError, attempt: number): boolean {",
        1,
      ],
      [
        "src/retry/policy.ts",
        11,
        "  if (attempt >= MAX_ATTEMPTS) return false;",
        1,
      ],
      // The indexed fragment is gone from client.ts; the word itself is found.
      ["src/client.ts", 4, "  for (let attempt = 1; ; attempt++) {", 0.8],
    ]);
    expect(result.hits[3]).toMatchObject({
      mode: "code-search",
      matchedTerms: ["attempt"],
      context: {
        startLine: 8,
        lines: POLICY.split("\n").slice(7, 14),
      },
    });
    expect(result).toMatchObject({
      mode: "code-search",
      totalCount: 2,
      incomplete: false,
    });
    expect(result.notes).toStrictEqual([
      `GitHub code search found 2 files for "attempt ${IN_REPO}"; showing 5 matching lines from 2 of them.`,
      "1 match from GitHub's search index did not match the files at 7fd1a60 (the index lags behind pushes) and was left out.",
    ]);
    expect(acquired).toStrictEqual([KEY]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("sends every filter as a qualifier, quoting values with spaces, and drops the punctuation code search ignores", async () => {
    const { ctx } = setup({ "src/retry/policy.ts": POLICY });
    const scope = nockSearchCode({
      q:
        `retryAfter error ${IN_REPO} path:"docs/user guide" ` +
        `language:"Emacs Lisp" extension:el filename:init.el`,
      perPage: 5,
      body: "no-results.json",
    });

    const result = await searchGitHubCode(
      {
        query: "retryAfter(error) {",
        pathPrefix: "./docs/user guide/",
        language: "Emacs Lisp",
        extension: ".el",
        filename: "init.el",
        maxResults: 5,
      },
      ctx,
    );

    expect(result.notes[0]).toBe(
      "GitHub code search ignores punctuation such as . : ( ) { } [ ] / and quotes; " +
        'searched for "retryAfter error" rather than "retryAfter(error) {".',
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("pages until maxResults, paced per page, reading only the files it needs", async () => {
    const files = Object.fromEntries(
      ["a", "b", "c", "d", "e"].map((n) => [
        `src/${n}.ts`,
        `export const retry = ${" abcde".indexOf(n)};\n`,
      ]),
    );
    const { ctx, acquired, reads } = setup(files);
    // GitHub documents `score` on every item; without one, its order ranks.
    const withoutScores = (name: string) => {
      const page = searchFixture<CodeSearchResponse>(name);
      return {
        ...page,
        items: page.items.map(({ score: _score, ...item }) => item),
      };
    };
    const scope = nockSearchCode({
      q: `retry ${IN_REPO}`,
      perPage: 3,
      body: withoutScores("retry-page-1.json"),
    });
    nockSearchCode(
      {
        q: `retry ${IN_REPO}`,
        perPage: 3,
        page: 2,
        body: withoutScores("retry-page-2.json"),
      },
      scope,
    );

    const result = await searchGitHubCode(
      { query: "retry", maxResults: 3 },
      ctx,
    );

    expect(result.hits.map((h) => [h.path, h.line, h.score])).toStrictEqual([
      ["src/a.ts", 1, 1000],
      ["src/b.ts", 1, 999],
      ["src/c.ts", 1, 997],
    ]);
    // src/gone.ts was deleted after indexing; d.ts and e.ts were not needed.
    expect(reads).toStrictEqual([
      "src/a.ts",
      "src/b.ts",
      "src/gone.ts",
      "src/c.ts",
    ]);
    expect(acquired).toStrictEqual([KEY, KEY]);
    expect(result.totalCount).toBe(7);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("keeps what it found when a later page fails", async () => {
    const { ctx } = setup({
      "src/a.ts": "export const retry = 1;\n",
      "src/b.ts": "export const retry = 2;\n",
    });
    const scope = nockSearchCode({
      q: `retry ${IN_REPO}`,
      perPage: 3,
      body: "retry-page-1.json",
    })
      .get("/search/code")
      .query(true)
      .reply(502, { message: "Server Error" });

    const result = await searchGitHubCode(
      { query: "retry", maxResults: 3 },
      ctx,
    );

    expect(result.hits.map((h) => h.path)).toStrictEqual([
      "src/a.ts",
      "src/b.ts",
    ]);
    expect(result.incomplete).toBe(true);
    expect(result.notes).toContain(
      "A later page of results failed (Server Error); showing what came before it.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("reports GitHub's incomplete_results", async () => {
    const { ctx } = setup({
      "src/retry/policy.ts": POLICY,
      "src/client.ts": CLIENT,
    });
    const scope = nockSearchCode({
      q: `attempt ${IN_REPO}`,
      body: {
        ...searchFixture<CodeSearchResponse>("attempt-text-match.json"),
        incomplete_results: true,
      },
    });

    const result = await searchGitHubCode({ query: "attempt" }, ctx);

    expect(result.incomplete).toBe(true);
    expect(result.notes).toContain(
      "GitHub's search timed out before it finished (incomplete_results); more matches may exist.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("searches the tree when a primary limit outlasts Octokit's retries, says so, and the pacer learns the reset", async () => {
    const { ctx, clock, pacer } = setup(
      { "src/retry/policy.ts": POLICY, "src/client.ts": CLIENT },
      { octokit: createTestOctokit({ maxRateLimitRetries: 0 }) },
    );
    const reset = clock.now() / 1000 + 30;
    const scope = nockSearchCode({
      q: `retry ${IN_REPO}`,
      status: 403,
      body: "rate-limited-403.json",
      headers: {
        "x-ratelimit-remaining": "0",
        "x-ratelimit-used": "10",
        "x-ratelimit-reset": String(reset),
      },
    });

    const result = await searchGitHubCode({ query: "retry" }, ctx);

    expect(result.mode).toBe("path");
    expect(result.hits.map((hit) => [hit.path, hit.mode])).toStrictEqual([
      ["src/retry/policy.ts", "path"],
    ]);
    expect(result.notes).toStrictEqual([
      "GitHub code search is rate-limited (HTTP 403); searched the tree at 7fd1a60 instead.",
      "Matched file paths instead (tokens: retry): 1 file.",
    ]);
    await pacer.acquire(KEY);
    expect(clock.sleeps).toStrictEqual([31_000]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});

describe("searchGitHubCode under a secondary rate limit and the run's deadline", () => {
  // The production policy: two retries, GitHub's 60 s default when a secondary limit sends no retry-after.
  function setupWithDeadline(remainingMs: number) {
    const octokit = createTestOctokit();
    const made = setup(
      { "src/retry/policy.ts": POLICY, "src/client.ts": CLIENT },
      { octokit },
    );
    const deadline = createDeadline(made.clock, remainingMs);
    const ctx = {
      ...made.ctx,
      api: boundToDeadline(made.api, deadline),
      deadline,
    };
    return { ...made, ctx };
  }

  it.each([
    [403, "errors/secondary-rate-limit-403.json"],
    [429, "errors/secondary-rate-limit-429.json"],
  ])(
    "does not wait 60 s for a %i without retry-after when 30 s are left: it searches the tree",
    async (status, body) => {
      const { ctx } = setupWithDeadline(30_000);
      // Exactly one request: a retry would find no mock and fail the search.
      const scope = nockSearchCode({
        q: `retry ${IN_REPO}`,
        status,
        body: githubFixture<object>(body),
      });

      const result = await searchGitHubCode({ query: "retry" }, ctx);

      expect(result.hits.map((hit) => [hit.path, hit.mode])).toStrictEqual([
        ["src/retry/policy.ts", "path"],
      ]);
      expect(result.notes[0]).toBe(
        `GitHub code search is rate-limited (HTTP ${status}); searched the tree at 7fd1a60 instead.`,
      );
      expect(scope.pendingMocks()).toStrictEqual([]);
    },
  );

  it("searches the tree, asking GitHub nothing, when the installation's searches have no turn free within half the time left", async () => {
    const { ctx, pacer, acquired } = setupWithDeadline(30_000);
    // Other questions of the installation took this minute's nine searches.
    for (let i = 0; i < 9; i++) await pacer.acquire(KEY);

    // No search is mocked: a request would fail the test.
    const result = await searchGitHubCode({ query: "retry" }, ctx);

    expect(acquired).toStrictEqual([KEY]);
    expect(result.hits.map((hit) => [hit.path, hit.mode])).toStrictEqual([
      ["src/retry/policy.ts", "path"],
    ]);
    expect(result.notes[0]).toBe(
      "askcode's code-search budget for this installation had no turn free within half the time left (other questions are searching); searched the tree at 7fd1a60 instead.",
    );
  });

  it("retries when GitHub's wait ends before the deadline", async () => {
    const { ctx } = setupWithDeadline(30_000);
    const scope = nockSearchCode({
      q: `attempt ${IN_REPO}`,
      status: 403,
      body: githubFixture<object>("errors/secondary-rate-limit-403.json"),
      headers: { "retry-after": "1" },
    });
    nockSearchCode(
      { q: `attempt ${IN_REPO}`, body: "attempt-text-match.json" },
      scope,
    );

    const result = await searchGitHubCode({ query: "attempt" }, ctx);

    expect(result.mode).toBe("code-search");
    expect(result.hits.length).toBeGreaterThan(0);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });
});

describe("searchGitHubCode's fallbacks", () => {
  const repoFiles = {
    "src/retry/policy.ts": POLICY,
    "src/client.ts": CLIENT,
    "README.md": "# hello-world\n",
  };

  it("matches file paths when code search finds nothing", async () => {
    const { ctx, reads } = setup(repoFiles);
    const scope = nockSearchCode({
      q: `retry policy ${IN_REPO}`,
      body: "no-results.json",
    });

    const result = await searchGitHubCode({ query: "retry policy" }, ctx);

    expect(result).toStrictEqual({
      query: "retry policy",
      mode: "path",
      tokens: ["retry", "policy"],
      hits: [
        {
          path: "src/retry/policy.ts",
          line: 0,
          matchedLine: "[file path match]",
          context: { startLine: 1, lines: POLICY.split("\n").slice(0, 7) },
          score: 212.91,
          mode: "path",
          matchedTerms: ["retry", "policy"],
        },
      ],
      totalCount: 1,
      incomplete: false,
      notes: [
        `GitHub code search found nothing usable for "retry policy ${IN_REPO}". It silently misses forks, ` +
          "files over 384 KB, some private repositories, and regex or symbol: queries; searched the tree at 7fd1a60 instead.",
        "Matched file paths instead (tokens: retry, policy): 1 file.",
      ],
    });
    expect(reads).toStrictEqual(["src/retry/policy.ts"]);
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("scans file contents token by token within the read budget when no path matches", async () => {
    const { ctx, reads } = setup(
      {
        ...repoFiles,
        "src/attempt-log.ts":
          "// one line per attempt\nexport const log: string[] = [];\n",
        "src/tiny.ts": "export {};\n",
        "docs/guide.md": `Each attempt reads the retry-after header.\n${"More prose.\n".repeat(40)}`,
      },
      {
        context: { fallbackFileLimit: 4 },
        extraEntries: [
          { path: "assets/logo.png", type: "file", size: 2048 },
          { path: "node_modules/left-pad/index.js", type: "file", size: 100 },
          { path: "vendor", type: "submodule" },
        ],
      },
    );
    const scope = nockSearchCode({
      q: `header attempt ${IN_REPO}`,
      body: "no-results.json",
    });

    const result = await searchGitHubCode({ query: "header attempt" }, ctx);

    // A path with a token first, then source files from the smallest up; docs last.
    expect(reads).toStrictEqual([
      "src/attempt-log.ts",
      "src/tiny.ts",
      "src/client.ts",
      "src/retry/policy.ts",
    ]);
    expect(
      result.hits.map((h) => [h.path, h.line, h.mode, h.matchedTerms]),
    ).toStrictEqual([
      ["src/retry/policy.ts", 5, "tokenized", ["header", "attempt"]],
      ["src/client.ts", 4, "tokenized", ["attempt"]],
      ["src/attempt-log.ts", 1, "tokenized", ["attempt"]],
    ]);
    expect(result).toMatchObject({
      mode: "tokenized",
      incomplete: true,
      totalCount: 3,
    });
    expect(result.notes[1]).toBe(
      "No file path holds two of the tokens (header, attempt); searched file contents token by token " +
        "in 4 of 6 files that could hold text (at most 4 are read, one request each: files whose path " +
        "holds a token first, then source files, smaller first); 3 files hold a token.",
    );
    expect(scope.pendingMocks()).toStrictEqual([]);
  });

  it("never asks code search about a commit that is not the default branch's head", async () => {
    const { ctx, api, acquired } = setup(repoFiles, {
      context: { searchesIndexedCommit: false },
    });

    const result = await searchGitHubCode({ query: "retry policy" }, ctx);

    expect(result.mode).toBe("path");
    expect(result.hits.map((h) => h.path)).toStrictEqual([
      "src/retry/policy.ts",
    ]);
    expect(result.notes[0]).toBe(
      "GitHub code search only indexes the default branch's latest commit, and 7fd1a60 is not it; " +
        "searched the tree at 7fd1a60 instead.",
    );
    expect(api.stats.requests).toBe(0);
    expect(acquired).toStrictEqual([]);
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it("says the search is incomplete when GitHub truncated the tree", async () => {
    const { ctx } = setup(repoFiles, {
      truncated: true,
      context: { searchesIndexedCommit: false },
    });

    const result = await searchGitHubCode({ query: "retry policy" }, ctx);

    expect(result.incomplete).toBe(true);
    expect(result.notes).toContain(
      "GitHub cut the tree listing short (over 100,000 entries or 7 MB); files it left out were not searched.",
    );
    expect(nock.pendingMocks()).toStrictEqual([]);
  });

  it.each([
    [
      "query-parsing-fatal-422.json",
      "ERROR_TYPE_QUERY_PARSING_FATAL unable to parse query!",
    ],
    [
      "validation-failed-422.json",
      "Validation Failed: The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
    ],
  ])(
    "falls back to the tree when GitHub rejects the query (%s)",
    async (fixture, message) => {
      const { ctx } = setup({
        ...repoFiles,
        "src/retry/backoff.ts": "export {};\n",
      });
      const scope = nockSearchCode({
        q: `retry AND OR backoff ${IN_REPO}`,
        status: 422,
        body: fixture,
      });

      const result = await searchGitHubCode(
        { query: "retry AND OR backoff" },
        ctx,
      );

      expect(result.mode).toBe("path");
      expect(result.hits.map((h) => h.path)).toStrictEqual([
        "src/retry/backoff.ts",
      ]);
      expect(result.notes[0]).toBe(
        `GitHub code search rejected "retry AND OR backoff ${IN_REPO}" (HTTP 422: ${message}); ` +
          "searched the tree at 7fd1a60 instead.",
      );
      expect(scope.pendingMocks()).toStrictEqual([]);
    },
  );
});
