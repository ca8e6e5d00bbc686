import { LRUCache } from "lru-cache";
import type { TarballSnapshot } from "./tarball-snapshot.js";

/** How the cache loads a snapshot it does not hold. */
export type SnapshotLoader = () => Promise<TarballSnapshot>;

/**
 * Parsed snapshots by installation, repository and commit. A commit's files
 * never change, so a snapshot is valid for as long as memory allows; the
 * cache is bounded by the bytes the snapshots hold. `fetch` shares one
 * in-flight load between concurrent callers (lru-cache's background fetch),
 * and a failed load is not stored, so a later question may try again.
 */
export type SnapshotCache = LRUCache<string, TarballSnapshot, SnapshotLoader>;

export interface SnapshotCacheOptions {
  /** Upper bound on the file bytes held by all snapshots (default 128 MB). */
  maxBytes?: number;
  /** Upper bound on the number of snapshots (default 16). */
  maxSnapshots?: number;
}

/**
 * Builds the process-wide snapshot cache. Share one between the hosts of
 * several questions (with a namespace per installation) so that a second
 * question on the same commit costs no request at all.
 *
 * @example
 * const snapshots = createSnapshotCache({ maxBytes: 256 * 1024 * 1024 });
 * createGitHubCodeHost({ api, owner, repo, snapshot: { cache: snapshots, namespace: "installation:42" } });
 */
export function createSnapshotCache(
  options: SnapshotCacheOptions = {},
): SnapshotCache {
  const maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
  return new LRUCache<string, TarballSnapshot, SnapshotLoader>({
    max: options.maxSnapshots ?? 16,
    maxSize: maxBytes,
    maxEntrySize: maxBytes,
    sizeCalculation: (snapshot) => Math.max(1, snapshot.bytes),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/**
 * The cache key: the installation first, so one installation never reads
 * another's snapshot; then the commit, and the excluded paths' patterns
 * when any (a snapshot keeps other files then).
 *
 * @example
 * snapshotKey("installation:42", "octo-org", "hello-world", sha) // "installation:42 octo-org/hello-world@7fd1a60…"
 * snapshotKey("installation:42", "octo-org", "hello-world", sha, ["fixtures/"]) // "installation:42 octo-org/hello-world@7fd1a60… exclude:[\"fixtures/\"]"
 */
export function snapshotKey(
  namespace: string,
  owner: string,
  repo: string,
  sha: string,
  excludePatterns?: readonly string[],
): string {
  const key = `${namespace} ${owner}/${repo}@${sha}`;
  return excludePatterns && excludePatterns.length > 0
    ? `${key} exclude:${JSON.stringify(excludePatterns)}`
    : key;
}
