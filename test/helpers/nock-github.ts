import { readFileSync } from "node:fs";
import nock from "nock";

/** Where every nock helper below answers from. */
export const GITHUB_API = "https://api.github.com";

/**
 * A body computed per request from the path as sent (query string included):
 * nock's reply-body function. Lets a persisted interceptor answer from a
 * corpus, or count what it served.
 */
export type NockReplyBody = (uri: string) => string | object | Buffer;

// ---------------------------------------------------------------------------
// Code search: GET /search/code (used by search-code tests)
// ---------------------------------------------------------------------------

/** A recorded-style body (or file) from test/fixtures/github/search/. */
export function searchFixture<T = unknown>(name: string): T {
  return githubFixture<T>(`search/${name}`);
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
  /** A fixture name (test/fixtures/github/search/), a body, or a function computing it per request. */
  body: string | object | NockReplyBody;
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

// ---------------------------------------------------------------------------
// Shared by the read-side helpers below: the test repository, fixtures, headers
// ---------------------------------------------------------------------------

/** Where GitHub sends tarball downloads (a 302 from the archive endpoint). */
export const CODELOAD = "https://codeload.github.com";

/**
 * The codeload side of a download. It matches no request that carries an
 * `Authorization` header: the token is GitHub's API's alone, and fetch must
 * drop it when the redirect leaves the API's origin.
 */
export function nockCodeload(): nock.Scope {
  return nock(CODELOAD, { badheaders: ["authorization"] });
}

/** The small repository the read-side fixtures describe (test/fixtures/github/README.md). */
export const HELLO_WORLD = {
  owner: "octo-org",
  repo: "hello-world",
  sha: "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
} as const;

const FIXTURES = new URL("../fixtures/github/", import.meta.url);

/** A body from test/fixtures/github/, e.g. "contents/file-retry.json". */
export function githubFixture<T = unknown>(name: string): T {
  const text = readFileSync(new URL(name, FIXTURES), "utf8");
  return (name.endsWith(".json") ? JSON.parse(text) : text) as T;
}

/**
 * The headers of a REST answer from GitHub: JSON, the `core` rate limit,
 * a request id, and (for successes) an ETag, which GitHub quotes.
 * See https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#checking-the-status-of-your-rate-limit
 */
export function restHeaders(
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "private, max-age=60, s-maxage=60",
    "x-github-media-type": "github.v3; format=json",
    "x-github-api-version-selected": "2022-11-28",
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "4987",
    "x-ratelimit-reset": "1700003600",
    "x-ratelimit-used": "13",
    "x-ratelimit-resource": "core",
    "x-github-request-id": "0400:1F2E3D:4C5B6A:7988A7:65A1B2C3",
    ...overrides,
  };
}

/** How a read-side helper answers: a status, a body (fixture name or value) and extra headers. */
export interface NockReply {
  status?: number;
  /** A fixture name under test/fixtures/github/, the body itself, or a function computing it per request. */
  body?: string | object | Buffer | NockReplyBody;
  headers?: Record<string, string>;
  /** Answer this many identical requests (default 1). */
  times?: number;
  /**
   * Answer only a conditional request carrying this `If-None-Match` (GitHub's
   * ETag, quotes included), as for a 304. Register it before the unconditional
   * answer on a persisted scope: nock serves the first interceptor that matches.
   */
  ifNoneMatch?: string;
}

function replyWith(
  interceptor: nock.Interceptor,
  reply: NockReply,
  defaults: { body: string | object | Buffer; headers: Record<string, string> },
): nock.Scope {
  const status = reply.status ?? 200;
  const raw = reply.body ?? defaults.body;
  // A function body passes through: nock calls it per request.
  const body =
    typeof raw === "string" && raw.endsWith(".json")
      ? githubFixture<object>(raw)
      : raw;
  const errorHeaders = restHeaders({ "cache-control": "no-cache" });
  const headers =
    status >= 400
      ? { ...errorHeaders, ...reply.headers }
      : { ...defaults.headers, ...reply.headers };
  if (reply.ifNoneMatch !== undefined)
    interceptor.matchHeader("if-none-match", reply.ifNoneMatch);
  return interceptor.times(reply.times ?? 1).reply(status, body, headers);
}

function repoPath(owner: string, repo: string): string {
  return `/repos/${owner}/${repo}`;
}

// ---------------------------------------------------------------------------
// Repositories: GET /repos/{owner}/{repo}
// ---------------------------------------------------------------------------

/**
 * Expects `GET /repos/{owner}/{repo}` (the default branch lives here).
 *
 * @example
 * const scope = nockGetRepository({ body: "repos/hello-world.json" });
 */
export function nockGetRepository(
  options: NockReply & { owner?: string; repo?: string; etag?: string } = {},
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const { owner = HELLO_WORLD.owner, repo = HELLO_WORLD.repo } = options;
  return replyWith(scope.get(repoPath(owner, repo)), options, {
    body: "repos/hello-world.json",
    headers: restHeaders({
      etag: options.etag ?? '"d0b6c1f4a3e2b5c7d9e8f1a2b3c4d5e6"',
    }),
  });
}

// ---------------------------------------------------------------------------
// Commits: GET /repos/{owner}/{repo}/commits/{ref} with the sha media type
// ---------------------------------------------------------------------------

/**
 * Expects `GET /repos/{owner}/{repo}/commits/{ref}` asking for the `sha`
 * media type, and answers with the bare SHA as GitHub does (its ETag is the
 * SHA in quotes). `ref` is the path as sent (segments percent-encoded).
 * See https://docs.github.com/en/rest/commits/commits#get-a-commit
 *
 * @example
 * nockGetCommitSha({ ref: "main", sha: HELLO_WORLD.sha });
 * nockGetCommitSha({ ref: "nope", status: 422, body: "errors/no-commit-found.json" });
 */
export function nockGetCommitSha(
  options: NockReply & {
    ref: string;
    sha?: string;
    owner?: string;
    repo?: string;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
    sha = HELLO_WORLD.sha,
  } = options;
  const interceptor = scope
    .get(`${repoPath(owner, repo)}/commits/${options.ref}`)
    .matchHeader("accept", "application/vnd.github.v3.sha");
  return replyWith(interceptor, options, {
    body: sha,
    headers: restHeaders({
      "content-type": "application/vnd.github.v3.sha; charset=utf-8",
      "x-github-media-type": "github.v3; param=sha",
      etag: `"${sha}"`,
    }),
  });
}

// ---------------------------------------------------------------------------
// Contents: GET /repos/{owner}/{repo}/contents/{path}?ref=<sha>
// ---------------------------------------------------------------------------

/**
 * Expects one Contents API request for `path` (as sent: segments
 * percent-encoded, "" for the root) at `ref` (default the test commit).
 *
 * @example
 * nockGetContent({ path: "src/retry.ts", body: "contents/file-retry.json" });
 * nockGetContent({ path: "gone.ts", status: 404, body: "errors/not-found-contents.json" });
 */
export function nockGetContent(
  options: NockReply & {
    path: string;
    ref?: string;
    owner?: string;
    repo?: string;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
    ref = HELLO_WORLD.sha,
  } = options;
  const path = options.path === "" ? "" : `/${options.path}`;
  const interceptor = scope
    .get(`${repoPath(owner, repo)}/contents${path}`)
    .query({ ref })
    .matchHeader("accept", "application/vnd.github.v3+json");
  return replyWith(interceptor, options, {
    body: {},
    headers: restHeaders({ etag: '"4f8a7c0e3b9d2a1f6e5c4b3a29180706"' }),
  });
}

/**
 * Expects the same request with the raw media type (files from 1 to 100 MB)
 * and answers with the bytes. GitHub labels raw contents `charset=utf-8`
 * (as recorded in @octokit/fixtures' get-content); pass another
 * `content-type` to have Octokit hand over an ArrayBuffer instead.
 */
export function nockGetRawContent(
  options: NockReply & {
    path: string;
    ref?: string;
    owner?: string;
    repo?: string;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
    ref = HELLO_WORLD.sha,
  } = options;
  const interceptor = scope
    .get(`${repoPath(owner, repo)}/contents/${options.path}`)
    .query({ ref })
    .matchHeader("accept", "application/vnd.github.v3.raw");
  return replyWith(interceptor, options, {
    body: "",
    headers: restHeaders({
      "content-type": "application/vnd.github.v3.raw; charset=utf-8",
      "x-github-media-type": "github.v3; param=raw",
      etag: '"a1b2c3d4e5f60718293a4b5c6d7e8f90"',
    }),
  });
}

// ---------------------------------------------------------------------------
// Git trees: GET /repos/{owner}/{repo}/git/trees/{tree_sha}?recursive=1
// ---------------------------------------------------------------------------

/**
 * Expects the recursive tree of `sha` (default the test commit).
 *
 * @example
 * nockGetTree({ body: "trees/hello-world.json" });
 */
export function nockGetTree(
  options: NockReply & { sha?: string; owner?: string; repo?: string } = {},
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
    sha = HELLO_WORLD.sha,
  } = options;
  const interceptor = scope
    .get(`${repoPath(owner, repo)}/git/trees/${sha}`)
    .query({ recursive: "1" });
  return replyWith(interceptor, options, {
    body: "trees/hello-world.json",
    headers: restHeaders({ etag: '"9c1c0bcd3bd0b0a4c5e1e1f3f9ac0c1e"' }),
  });
}

// ---------------------------------------------------------------------------
// Git blobs: GET /repos/{owner}/{repo}/git/blobs/{file_sha}
// ---------------------------------------------------------------------------

/**
 * The JSON GitHub answers a blob with: base64 content broken into lines of
 * 60 characters, as GitHub sends it, with the blob's SHA and size.
 * See https://docs.github.com/en/rest/git/blobs#get-a-blob
 */
export function gitBlobBody(
  sha: string,
  bytes: Buffer,
  {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
  }: { owner?: string; repo?: string } = {},
): object {
  const base64 = bytes.toString("base64");
  const lines = base64.match(/.{1,60}/g) ?? [];
  return {
    sha,
    node_id: Buffer.from(`04:Blob${sha}`).toString("base64"),
    size: bytes.length,
    url: `${GITHUB_API}/repos/${owner}/${repo}/git/blobs/${sha}`,
    content: lines.map((line) => `${line}\n`).join(""),
    encoding: "base64",
  };
}

/**
 * Expects `GET /repos/{owner}/{repo}/git/blobs/{sha}` and answers with
 * `bytes` as GitHub does (`gitBlobBody`), or with `status` and `body`
 * (a 404 after a force-push: "errors/not-found-blob.json").
 *
 * @example
 * nockGetBlob({ sha, bytes: Buffer.from("hello\n") });
 * nockGetBlob({ sha, status: 404, body: "errors/not-found-blob.json" });
 */
export function nockGetBlob(
  options: NockReply & {
    sha: string;
    bytes?: Buffer;
    owner?: string;
    repo?: string;
  },
  scope: nock.Scope = nock(GITHUB_API),
): nock.Scope {
  const { owner = HELLO_WORLD.owner, repo = HELLO_WORLD.repo } = options;
  const interceptor = scope
    .get(`${repoPath(owner, repo)}/git/blobs/${options.sha}`)
    .matchHeader("accept", "application/vnd.github.v3+json");
  return replyWith(interceptor, options, {
    body: gitBlobBody(options.sha, options.bytes ?? Buffer.alloc(0), {
      owner,
      repo,
    }),
    headers: restHeaders({ etag: `"${options.sha}"` }),
  });
}

// ---------------------------------------------------------------------------
// Archives: GET /repos/{owner}/{repo}/tarball/{ref} → 302 → codeload.github.com
// ---------------------------------------------------------------------------

/**
 * Expects the tarball request, answers 302 to codeload.github.com as GitHub
 * does, and serves `gzip` there. Both hosts are intercepted: end the test
 * with `expect(nock.pendingMocks()).toStrictEqual([])`.
 * See https://docs.github.com/en/rest/repos/contents#download-a-repository-archive-tar
 *
 * @example
 * nockTarball({ gzip: await buildTarball({ files: { "README.md": "# hi\n" } }) });
 */
export function nockTarball(
  options: {
    /** The archive, or a function computing it per download (see `NockReplyBody`). */
    gzip: Buffer | NockReplyBody;
    sha?: string;
    owner?: string;
    repo?: string;
    times?: number;
  },
  scope: nock.Scope = nock(GITHUB_API),
  codeload: nock.Scope = nockCodeload(),
): nock.Scope {
  const {
    owner = HELLO_WORLD.owner,
    repo = HELLO_WORLD.repo,
    sha = HELLO_WORLD.sha,
  } = options;
  const location = `${CODELOAD}/${owner}/${repo}/legacy.tar.gz/${sha}`;
  codeload
    .get(`/${owner}/${repo}/legacy.tar.gz/${sha}`)
    .times(options.times ?? 1)
    .reply(200, options.gzip, {
      "content-type": "application/x-gzip",
      "content-disposition": `attachment; filename=${owner}-${repo}-${sha.slice(0, 7)}.tar.gz`,
      etag: `"${sha}"`,
      "x-github-request-id": "0400:1F2E3D:4C5B6A:7988A7:65A1B2C4",
    });
  return scope
    .get(`${repoPath(owner, repo)}/tarball/${sha}`)
    .times(options.times ?? 1)
    .reply(302, "", {
      ...restHeaders({ "content-type": "text/html;charset=utf-8" }),
      location,
    });
}

interface RecordedRequest {
  scope: string;
  path: string;
  status: number;
  response: string;
  headers: Record<string, string | number>;
}

/**
 * Replays @octokit/fixtures' recorded `get-archive` scenario: the 302 from
 * api.github.com (served for `GET …/tarball/{sha}` of
 * octokit-fixture-org/get-archive) and the gzip body from codeload, with the
 * headers GitHub sent.
 */
export function nockRecordedArchive(sha: string): void {
  const recorded = JSON.parse(
    readFileSync(
      new URL(
        "../../node_modules/@octokit/fixtures/scenarios/api.github.com/get-archive/normalized-fixture.json",
        import.meta.url,
      ),
      "utf8",
    ),
  ) as RecordedRequest[];
  const [redirect, download] = recorded;
  if (!redirect || !download)
    throw new Error("The get-archive fixture changed shape");
  const headers = (raw: Record<string, string | number>) =>
    Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [name, String(value)]),
    );
  nock(GITHUB_API)
    .get(`/repos/octokit-fixture-org/get-archive/tarball/${sha}`)
    .reply(redirect.status, redirect.response, headers(redirect.headers));
  nockCodeload()
    .get(download.path)
    .reply(
      download.status,
      Buffer.from(download.response, "hex"),
      headers(download.headers),
    );
}
