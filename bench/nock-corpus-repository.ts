import { createHash } from "node:crypto";
import nock from "nock";
import { encodePathSegments } from "../src/code-host/github/encode-path-segments.js";
import { buildTarball } from "../test/helpers/build-tarball.js";
import {
  CODELOAD,
  GITHUB_API,
  githubFixture,
  nockGetCommitSha,
  nockGetContent,
  nockGetRepository,
  nockGetTree,
  nockSearchCode,
  nockTarball,
} from "../test/helpers/nock-github.js";
import {
  answerCodeSearch,
  type CodeSearchIndex,
} from "./answer-code-search.js";
import type { Corpus } from "./read-corpus.js";

/** What nock answered, counted in the reply functions: independent of the API layer's own `stats`. */
export interface ServedCounts {
  /**
   * Requests answered. The tarball counts once: GitHub answers it with a 302
   * to codeload.github.com, which fetch follows inside the one request the
   * API layer sends; it is counted when codeload serves the archive.
   */
  requests: number;
  /** Of those, 304 Not Modified answers. */
  notModified: number;
  /** Body bytes served (JSON as sent, the gzip archive as is; 0 for a 304). */
  bytes: number;
  /** The same by endpoint: repo, commit, tree, contents, search, tarball. */
  endpoints: Record<string, EndpointCounts>;
}

export interface EndpointCounts {
  requests: number;
  bytes: number;
}

export interface CorpusRepositoryServer {
  owner: string;
  repo: string;
  /** What has been served so far (a copy). */
  served(): ServedCounts;
  /** Requests nock had no answer for ("METHOD host/path"); a faithful run has none. */
  readonly unmatched: readonly string[];
  /** Stops listening for unmatched requests and removes every nock interceptor. */
  stop(): void;
}

export interface NockCorpusRepositoryOptions {
  corpus: Corpus;
  owner: string;
  repo: string;
  /** The default branch, whose head is `corpus.sha`. */
  branch?: string;
  /**
   * The search terms the run will send; each gets `GET /search/code` for the
   * `q` askcode builds from them (`<terms> repo:<owner>/<repo> in:file`).
   */
  searches: readonly string[];
  /** `per_page` of a code-search request (the host asks for its `maxResults`, default 20). */
  perPage?: number;
}

/**
 * Serves one repository at one commit (the corpus) the way GitHub does, with
 * persisted interceptors built from the per-endpoint helpers of
 * test/helpers/nock-github.ts, every body computed from the corpus and
 * counted as it is served:
 * - `GET /repos/{o}/{r}` with an ETag, and a 304 for a request that revalidates it;
 * - `GET /repos/{o}/{r}/commits/{branch}` (sha media type; its ETag is the SHA
 *   in quotes), and a 304 when `If-None-Match` carries that ETag;
 * - `GET /repos/{o}/{r}/git/trees/{sha}?recursive=1`;
 * - `GET /repos/{o}/{r}/contents/{path}?ref={sha}` for every file (base64 JSON);
 * - `GET /repos/{o}/{r}/tarball/{sha}` (302, then the gzip from codeload);
 * - `GET /search/code` with text matches computed from the files (`answerCodeSearch`).
 * Nothing reaches the network (`nock.disableNetConnect()`).
 *
 * @example
 * const server = await nockCorpusRepository({ corpus, owner: "octo-org", repo: "askcode", searches: ["revalidate ETag"] });
 * // … run questions …
 * server.served() // { requests: 4, notModified: 0, bytes: 208358, endpoints: { repo: { requests: 1, bytes: 6041 }, … } }
 */
export async function nockCorpusRepository(
  options: NockCorpusRepositoryOptions,
): Promise<CorpusRepositoryServer> {
  const { corpus, owner, repo } = options;
  const { sha } = corpus;
  const branch = options.branch ?? "main";
  const perPage = options.perPage ?? 20;
  const fullName = `${owner}/${repo}`;
  nock.disableNetConnect();

  const counts: ServedCounts = {
    requests: 0,
    notModified: 0,
    bytes: 0,
    endpoints: {},
  };
  // A reply-body function that counts what it hands to nock.
  const serve =
    (endpoint: string, body: (uri: string) => string | Buffer, status = 200) =>
    (uri: string): string | Buffer => {
      const sent = body(uri);
      const bytes = Buffer.byteLength(sent);
      counts.requests++;
      if (status === 304) counts.notModified++;
      counts.bytes += bytes;
      const byEndpoint = (counts.endpoints[endpoint] ??= {
        requests: 0,
        bytes: 0,
      });
      byEndpoint.requests++;
      byEndpoint.bytes += bytes;
      return sent;
    };
  const noMatch = listenForUnmatched();

  const api = nock(GITHUB_API).persist();
  const codeload = nock(CODELOAD).persist();
  const at = { owner, repo };

  const repository = renamedRepository(repo, branch);
  const repositoryJson = JSON.stringify(repository);
  const repositoryEtag = `"${createHash("sha1").update(repositoryJson).digest("hex")}"`;
  // On a persisted scope nock answers with the first interceptor that matches: the 304s go first.
  nockGetRepository(
    {
      ...at,
      etag: repositoryEtag,
      ifNoneMatch: repositoryEtag,
      status: 304,
      body: serve("repo", () => "", 304),
    },
    api,
  );
  nockGetRepository(
    { ...at, etag: repositoryEtag, body: serve("repo", () => repositoryJson) },
    api,
  );
  nockGetCommitSha(
    {
      ...at,
      ref: branch,
      sha,
      ifNoneMatch: `"${sha}"`,
      status: 304,
      body: serve("commit", () => "", 304),
    },
    api,
  );
  nockGetCommitSha(
    { ...at, ref: branch, sha, body: serve("commit", () => sha) },
    api,
  );

  const treeJson = JSON.stringify(treeAnswer(corpus, fullName));
  nockGetTree({ ...at, sha, body: serve("tree", () => treeJson) }, api);

  for (const entry of corpus.entries) {
    if (!entry.bytes) continue;
    const json = JSON.stringify(
      contentsAnswer(fullName, sha, entry.path, entry.sha, entry.bytes),
    );
    nockGetContent(
      {
        ...at,
        ref: sha,
        path: encodePathSegments(entry.path),
        body: serve("contents", () => json),
      },
      api,
    );
  }

  const gzip = await buildTarball({
    files: Object.fromEntries(corpus.files),
    commit: sha,
    prefix: `${owner}-${repo}-${sha.slice(0, 7)}`,
  });
  nockTarball(
    { ...at, sha, gzip: serve("tarball", () => gzip) },
    api,
    codeload,
  );

  const index: CodeSearchIndex = {
    fullName,
    repositoryId: Number(repository.id),
    commit: sha,
    repository: minimalRepository(repository),
    files: corpus.entries.flatMap((entry) =>
      entry.bytes
        ? [{ path: entry.path, sha: entry.sha, bytes: entry.bytes }]
        : [],
    ),
  };
  const search = serve("search", (uri) => {
    const params = new URL(uri, GITHUB_API).searchParams;
    return JSON.stringify(
      answerCodeSearch(index, {
        q: params.get("q") ?? "",
        page: Number(params.get("page") ?? 1),
        perPage: Number(params.get("per_page") ?? 30),
      }),
    );
  });
  for (const terms of options.searches) {
    const q = `${terms} repo:${fullName} in:file`;
    const total = answerCodeSearch(index, { q, page: 1, perPage }).total_count;
    for (let page = 1; page <= Math.max(1, Math.ceil(total / perPage)); page++)
      nockSearchCode({ q, page, perPage, body: search }, api);
  }

  return {
    owner,
    repo,
    served: () => structuredClone(counts),
    unmatched: noMatch.unmatched,
    stop() {
      noMatch.stop();
      nock.cleanAll();
    },
  };
}

/**
 * Records every request nock had no answer for ("METHOD host/path") until
 * `stop()`: a faithful bench run has none.
 *
 * @example
 * const noMatch = listenForUnmatched();
 * // … run …
 * noMatch.stop(); noMatch.unmatched // []
 */
export function listenForUnmatched(): {
  unmatched: string[];
  stop(): void;
} {
  const unmatched: string[] = [];
  const onNoMatch = (...args: unknown[]) => {
    // nock passes (req, options, body) or, for fetch, just the options.
    const where = (args[1] ?? args[0]) as {
      method?: string;
      host?: string;
      path?: string;
    };
    unmatched.push(
      `${where.method ?? "?"} ${where.host ?? ""}${where.path ?? ""}`,
    );
  };
  nock.emitter.on("no match", onNoMatch);
  return {
    unmatched,
    stop: () => void nock.emitter.removeListener("no match", onNoMatch),
  };
}

/**
 * `GET /repos/{o}/{r}`: GitHub's recorded repository, renamed, with this
 * default branch (its size is that of a real answer).
 *
 * @example
 * renamedRepository("askcode", "main").full_name // "octo-org/askcode"
 */
export function renamedRepository(
  repo: string,
  branch: string,
): Record<string, unknown> {
  const repository = JSON.parse(
    JSON.stringify(githubFixture<object>("repos/hello-world.json")).replaceAll(
      "hello-world",
      repo,
    ),
  ) as Record<string, unknown>;
  repository.default_branch = branch;
  return repository;
}

/** `GET /repos/{o}/{r}/git/trees/{sha}?recursive=1`, as GitHub shapes it. */
export function treeAnswer(corpus: Corpus, fullName: string): object {
  const base = `https://api.github.com/repos/${fullName}/git`;
  return {
    sha: corpus.treeSha,
    url: `${base}/trees/${corpus.treeSha}`,
    tree: corpus.entries.map((entry) => ({
      path: entry.path,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.bytes ? { size: entry.bytes.length } : {}),
      url: `${base}/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`,
    })),
    truncated: false,
  };
}

/** `GET /repos/{o}/{r}/contents/{path}?ref={sha}` for a file under 1 MB, as GitHub shapes it. */
export function contentsAnswer(
  fullName: string,
  commit: string,
  path: string,
  blobSha: string,
  bytes: Buffer,
): object {
  const url = `https://api.github.com/repos/${fullName}/contents/${encodePathSegments(path)}?ref=${commit}`;
  const gitUrl = `https://api.github.com/repos/${fullName}/git/blobs/${blobSha}`;
  const htmlUrl = `https://github.com/${fullName}/blob/${commit}/${encodePathSegments(path)}`;
  return {
    name: path.slice(path.lastIndexOf("/") + 1),
    path,
    sha: blobSha,
    size: bytes.length,
    url,
    html_url: htmlUrl,
    git_url: gitUrl,
    download_url: `https://raw.githubusercontent.com/${fullName}/${commit}/${encodePathSegments(path)}`,
    type: "file",
    // GitHub wraps the base64 at 60 characters and ends every line with "\n".
    content: (bytes.toString("base64").match(/.{1,60}/g) ?? [])
      .map((line) => `${line}\n`)
      .join(""),
    encoding: "base64",
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
}

/**
 * The `repository` of a code-search item: GitHub sends the repository's
 * identity, owner and URL templates (through `deployments_url`), not the
 * counts, dates and settings of `GET /repos/{o}/{r}`.
 */
function minimalRepository(
  repository: Record<string, unknown>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repository)) {
    kept[name] = value;
    if (name === "deployments_url") break;
  }
  return kept;
}
