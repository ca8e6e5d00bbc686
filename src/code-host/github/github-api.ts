import type {
  CachedResponse,
  LoadResult,
  ResponseCache,
} from "../../cache/response-cache.js";
import { settleBy, type Deadline } from "../../shared/deadline.js";
import type { RequestingOctokit } from "./create-octokit.js";

/** Octokit's typed REST methods, grouped as GitHub's docs group them (`repos`, `git`, `search`, …). */
export type RestMethods = RequestingOctokit["rest"];

/**
 * One typed REST method, e.g. `rest.git.getTree`: called with its parameters,
 * and knowing its own route, which names its answers in the cache.
 */
export interface RestEndpoint<P, D> {
  (params?: P): Promise<{
    status: number;
    data: D;
    headers: Record<string, unknown>;
  }>;
  endpoint: { DEFAULTS: { method: string; url: string } };
}

/** Counts for the cache and the wire, per `GitHubApi` (one installation's run or process). */
export interface GitHubApiStats {
  /** HTTP requests sent to GitHub (a 304 counts: it is a request, free of rate limit). */
  requests: number;
  /** Conditional requests GitHub answered with 304 Not Modified. */
  notModified: number;
  /** Answers served from this process's cache with no request at all. */
  hits: number;
  /** Answers served with no request from what another replica stored (Redis). */
  sharedHits: number;
  /** Answers that needed a full response (nothing usable was cached). */
  misses: number;
  /** Stale answers served because revalidation failed with a 5xx or network error. */
  staleOnError: number;
  /** Body bytes received from GitHub. */
  bytes: number;
}

export interface GetOptions {
  /** The answer is addressed by a commit or blob SHA: cache it forever, never revalidate. */
  immutable?: boolean;
  /** Octokit media type format: "raw", "text-match", … */
  mediaFormat?: string;
  /** false: always ask GitHub and store nothing (tarballs, search pages). */
  cache?: boolean;
  /**
   * Hand the body over as it arrives, an `AsyncIterable<Uint8Array>`, instead
   * of buffering it (Octokit's `parseSuccessResponseBody: false`): a tarball
   * is unpacked while it downloads. Only with `cache: false`; error answers
   * are still read whole (Octokit parses them to throw).
   */
  stream?: boolean;
  /** How long this answer is served before it is revalidated (default: the cache's TTL). */
  ttlMs?: number;
  /**
   * The run's deadline: the request (Octokit's retries and rate-limit waits
   * included) ends by then, and a rate-limit wait that would end past it is
   * not started (see `createThrottleOptions`).
   */
  deadline?: Deadline;
}

export interface GitHubResponse<T> {
  status: number;
  data: T;
  headers: Record<string, string>;
}

/** GET access to one installation's view of GitHub, through the shared response cache. */
export interface GitHubApi {
  /**
   * Calls the REST method `pick` names with `params`. Data is typed as the
   * JSON GitHub documents; with a `mediaFormat` ("raw", "sha") it is the
   * body as Octokit hands it over instead (read it with `responseBytes`).
   */
  get<P extends object, D>(
    pick: (rest: RestMethods) => RestEndpoint<P, D>,
    params: P,
    options?: GetOptions,
  ): Promise<GitHubResponse<D>>;
  readonly stats: Readonly<GitHubApiStats>;
}

export interface GitHubApiOptions {
  octokit: RequestingOctokit;
  cache: ResponseCache;
  /** Separates installations in the shared cache, e.g. "installation:42". */
  namespace: string;
}

// Headers we keep with a cached answer; the rest is noise we would pay memory for.
const KEPT_HEADERS = [
  "etag",
  "link",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-resource",
  "last-modified",
];

/**
 * Conditional GETs with the cache owning the ETag. A fresh entry
 * is served with no request; a stale one is revalidated with `If-None-Match`
 * (GitHub's ETag verbatim, quotes included) and a 304, which Octokit throws as
 * `RequestError("Not modified")`, serves the stored body at no rate-limit cost.
 * See https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api#use-conditional-requests-if-appropriate
 *
 * @example
 * const api = createGitHubApi({ octokit, cache, namespace: "installation:42" });
 * const { data } = await api.get((rest) => rest.git.getTree, { owner, repo, tree_sha: sha, recursive: "1" }, { immutable: true });
 */
export function createGitHubApi(options: GitHubApiOptions): GitHubApi {
  const stats: GitHubApiStats = {
    requests: 0,
    notModified: 0,
    hits: 0,
    sharedHits: 0,
    misses: 0,
    staleOnError: 0,
    bytes: 0,
  };

  async function send<P extends object, D>(
    method: RestEndpoint<P, D>,
    params: P,
    get: GetOptions,
    etag?: string,
  ) {
    stats.requests++;
    const requestOptions = {
      ...(get.deadline
        ? { signal: get.deadline.signal, deadline: get.deadline }
        : {}),
      ...(get.stream ? { parseSuccessResponseBody: false } : {}),
    };
    const request = method({
      ...params,
      ...(get.mediaFormat ? { mediaType: { format: get.mediaFormat } } : {}),
      ...(etag ? { headers: { "if-none-match": etag } } : {}),
      ...(Object.keys(requestOptions).length > 0
        ? { request: requestOptions }
        : {}),
    });
    // Octokit's retry waits do not watch the signal; the race ends them too.
    const response = await (get.deadline
      ? settleBy(request, get.deadline.signal)
      : request);
    const headers = pickHeaders(response.headers);
    if (get.stream) {
      // Counted as the bytes arrive; the caller reads them.
      const body = countedBody(response.data, (n) => {
        stats.bytes += n;
      });
      return {
        status: response.status,
        data: body as D,
        headers,
        bytes: 0,
        etag: headers.etag,
      };
    }
    const bytes = bodyBytes(response.data);
    stats.bytes += bytes;
    return {
      status: response.status,
      data: response.data,
      headers,
      bytes,
      etag: headers.etag,
    };
  }

  async function load<P extends object, D>(
    method: RestEndpoint<P, D>,
    params: P,
    get: GetOptions,
    stale?: CachedResponse,
  ): Promise<LoadResult> {
    const etag = stale && !stale.immutable ? stale.etag : undefined;
    try {
      const fresh = await send(method, params, get, etag);
      stats.misses++;
      return {
        outcome: "fetched",
        response: { ...fresh, immutable: get.immutable ?? false },
      };
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (stale && status === 304) {
        stats.notModified++;
        return { outcome: "not-modified" };
      }
      // Stale-if-error: a branch head from an hour ago beats no answer while GitHub is down.
      if (
        stale &&
        (status === undefined || (typeof status === "number" && status >= 500))
      ) {
        stats.staleOnError++;
        return { outcome: "stale-on-error" };
      }
      throw error;
    }
  }

  return {
    stats,
    async get<P extends object, D>(
      pick: (rest: RestMethods) => RestEndpoint<P, D>,
      params: P,
      get: GetOptions = {},
    ) {
      const method = pick(options.octokit.rest);
      if (get.stream && get.cache !== false)
        throw new TypeError(
          "GitHubApi.get: a streamed body cannot be cached; pass cache: false with stream: true",
        );
      if (get.cache === false) {
        const fresh = await send(method, params, get);
        stats.misses++;
        return {
          status: fresh.status,
          data: fresh.data,
          headers: fresh.headers,
        };
      }
      const { DEFAULTS } = method.endpoint;
      const route = `${DEFAULTS.method} ${DEFAULTS.url}`;
      const key = cacheKey(options.namespace, route, params, get.mediaFormat);
      let loaded = false;
      let shared = false;
      const entry = await options.cache.fetch(key, {
        // Immutable answers never go stale (lru-cache reads ttl 0 as "no TTL").
        ...(get.immutable ? { ttl: 0 } : get.ttlMs ? { ttl: get.ttlMs } : {}),
        context: {
          load: (stale) => {
            loaded = true;
            return load(method, params, get, stale);
          },
          sharedHit: () => {
            shared = true;
          },
        },
      });
      if (shared) stats.sharedHits++;
      else if (!loaded) stats.hits++;
      // fetchMethod never resolves undefined here; the guard keeps the type honest.
      if (!entry)
        throw new Error(`The response cache returned nothing for ${route}`);
      return {
        status: entry.status,
        // What this key stored: the answer of this very method.
        data: entry.data as D,
        headers: entry.headers,
      };
    },
  };
}

/**
 * `api` with every request bound to `deadline`: what a run's reader reads
 * through, so no read of the run outlasts its time budget.
 *
 * @example
 * const ctx = { ...repoContext, api: boundToDeadline(repoContext.api, deadline) };
 */
export function boundToDeadline(api: GitHubApi, deadline: Deadline): GitHubApi {
  return {
    get stats() {
      return api.stats;
    },
    get: (pick, params, options = {}) =>
      api.get(pick, params, { ...options, deadline }),
  };
}

function cacheKey(
  namespace: string,
  route: string,
  params: object,
  mediaFormat = "",
): string {
  const sorted = Object.entries(params)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join("&");
  return `${namespace}:${route} ${sorted} ${mediaFormat}`;
}

function pickHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value !== undefined && value !== null) kept[name] = String(value);
  }
  return kept;
}

/**
 * The body fetch streams (a web `ReadableStream`, or null for an empty
 * one) as an async iterable of bytes, counting them as they pass.
 */
async function* countedBody(
  body: unknown,
  count: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  if (body === null || body === undefined) return;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    count(chunk.byteLength);
    yield chunk;
  }
}

function bodyBytes(data: unknown): number {
  if (data === undefined || data === null) return 0;
  if (typeof data === "string") return Buffer.byteLength(data);
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  return Buffer.byteLength(JSON.stringify(data));
}
