import {
  DEFAULT_READ_LIMITS,
  type CodeHost,
  type ReaderOptions,
  type ReadLimits,
  type TreeListing,
} from "../code-host.js";
import { systemClock } from "../../shared/clock.js";
import {
  createGitHubReader,
  type GitHubSearchOptions,
} from "./github-reader.js";
import { boundToDeadline, type GitHubApi } from "./github-api.js";
import { repoName, type GitHubRepoContext } from "./repo-context.js";
import { resolveGitHubRef } from "./resolve-ref.js";
import {
  createSnapshotCache,
  snapshotKey,
  type SnapshotCache,
} from "./snapshot-cache.js";
import { createSearchPacer } from "./search-pacer.js";
import { createSnapshotReader, type SnapshotLog } from "./snapshot-reader.js";
import type { KeptTextStore } from "./kept-text-store.js";
import { loadCommitSnapshot } from "./load-commit-snapshot.js";
import { keepingOutside } from "./snapshot-fits.js";
import { DEFAULT_SNAPSHOT_MAX_BYTES } from "./default-snapshot-max-bytes.js";
import {
  createGraphqlLineHistory,
  type GraphqlRequest,
} from "./graphql-line-history.js";
import { rememberedLineHistory } from "../remembered-line-history.js";

export interface SnapshotPolicy {
  /**
   * "auto" (default): snapshot when the tree is complete and the archive fits
   * `maxBytes`; "always": try regardless of the estimate; "never": API only.
   */
  mode?: "auto" | "always" | "never";
  /** Cap on the text a snapshot keeps (default `DEFAULT_SNAPSHOT_MAX_BYTES`; see `snapshotKeeps`). */
  maxBytes?: number;
  /**
   * Snapshots shared between hosts (see `createSnapshotCache`), so a later
   * question on the same commit costs no request. Needs `namespace`.
   */
  cache?: SnapshotCache;
  /** The installation, as in the response cache ("installation:42"); keys the shared cache. */
  namespace?: string;
  /**
   * Kept file text on disk by blob SHA (`createKeptTextStore`): a new commit
   * then costs its tree plus the blobs that changed. Without it, every
   * commit is one tarball.
   */
  texts?: KeptTextStore;
}

export interface GitHubCodeHostOptions {
  api: GitHubApi;
  owner: string;
  repo: string;
  limits?: Partial<ReadLimits>;
  snapshot?: SnapshotPolicy;
  /**
   * Code search's budget, for readers that go through the API (a snapshot
   * searches in memory). Pass the process's shared pacer; without one the
   * host paces only its own searches.
   */
  search?: GitHubSearchOptions;
  log?: SnapshotLog;
  /**
   * Octokit's `graphql`, for the history of lines (`CodeReader.lineHistory`,
   * GitHub's GraphQL `blame`); without it readers keep no history.
   */
  graphql?: GraphqlRequest;
}

const silent: SnapshotLog = { info: () => {}, warn: () => {} };

/**
 * The GitHub home of `CodeHost`: one repository, read through the cached,
 * throttled request layer (`createGitHubApi`). `resolveRef` pins a commit;
 * `at(sha)` gives a reader that serves a small repository from one tarball
 * snapshot and a large one through the REST API, per the snapshot policy.
 *
 * @example
 * const host = createGitHubCodeHost({ api, owner: "octo-org", repo: "hello-world", log: context.log });
 * const { sha } = await host.resolveRef();
 * const reader = host.at(sha);
 * await reader.readFile("src/index.ts", { startLine: 1, endLine: 40 });
 */
export function createGitHubCodeHost(options: GitHubCodeHostOptions): CodeHost {
  const ctx: GitHubRepoContext = {
    api: options.api,
    owner: options.owner,
    repo: options.repo,
  };
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const policy = options.snapshot ?? {};
  const mode = policy.mode ?? "auto";
  const maxBytes = policy.maxBytes ?? DEFAULT_SNAPSHOT_MAX_BYTES;
  if (policy.cache && policy.namespace === undefined) {
    throw new TypeError(
      "snapshot.namespace is required with snapshot.cache: a shared cache must keep installations apart.",
    );
  }
  // Without a shared cache, snapshots live as long as this host.
  const cache = policy.cache ?? createSnapshotCache();
  const namespace = policy.namespace ?? "";
  const log = options.log ?? silent;
  const search = options.search ?? {
    pacer: createSearchPacer({ clock: systemClock }),
    paceKey: namespace || repoName(ctx),
  };
  // Code search indexes the default branch's head only; the answer is the
  // cached `resolveRef()` of the run, so asking costs nothing more.
  const isIndexedCommit = (sha: string) => async () => {
    try {
      return (await resolveGitHubRef(ctx)).sha === sha;
    } catch {
      return false;
    }
  };

  return {
    label: `github:${repoName(ctx)}`,
    resolveRef: (ref, refOptions) =>
      resolveGitHubRef(
        refOptions?.deadline
          ? { ...ctx, api: boundToDeadline(ctx.api, refOptions.deadline) }
          : ctx,
        ref,
      ),
    at(sha, readerOptions) {
      const reader = readAt(sha, readerOptions);
      const { graphql } = options;
      if (!graphql) return reader;
      const deadline = readerOptions?.deadline;
      const blame = createGraphqlLineHistory({
        ctx,
        graphql,
        sha,
        ...(deadline && { deadline }),
      });
      return { ...reader, lineHistory: rememberedLineHistory(blame) };
    },
  };

  function readAt(sha: string, readerOptions: ReaderOptions | undefined) {
    const deadline = readerOptions?.deadline;
    const run = deadline
      ? { ...ctx, api: boundToDeadline(ctx.api, deadline), deadline }
      : ctx;
    const api = createGitHubReader({
      ctx: run,
      sha,
      limits,
      search,
      isIndexedCommit: isIndexedCommit(sha),
    });
    if (mode === "never")
      return {
        ...api,
        wholeRepository: async () => ({
          cheap: false,
          why: 'snapshots are turned off (snapshot mode "never")',
        }),
      };
    const exclude = readerOptions?.exclude;
    const keep =
      exclude && exclude.patterns.length > 0
        ? keepingOutside((path) => exclude.excludes(path))
        : undefined;
    // Another exclusion keeps other files: another snapshot.
    const key = snapshotKey(
      namespace,
      ctx.owner,
      ctx.repo,
      sha,
      keep ? exclude?.patterns : undefined,
    );
    const loadSnapshot = async (tree: TreeListing) => {
      const snapshot = await cache.fetch(key, {
        context: async () => {
          const loaded = await loadCommitSnapshot({
            ctx: run,
            sha,
            tree,
            maxBytes,
            ...(keep ? { keep } : {}),
            ...(policy.texts ? { texts: policy.texts } : {}),
            log,
          });
          // Without a store every snapshot is a tarball: nothing to say.
          if (policy.texts) {
            const { via, fromStore, fetched, why } = loaded.origin;
            log.info(
              via === "store"
                ? `Snapshot of ${repoName(ctx)}@${sha.slice(0, 7)}: ${fromStore} blobs from the blob store, ${fetched} fetched.`
                : `Snapshot of ${repoName(ctx)}@${sha.slice(0, 7)} from its tarball (${why}).`,
            );
          }
          return loaded;
        },
      });
      // fetchMethod always resolves a snapshot; the guard keeps the type honest.
      if (!snapshot)
        throw new Error(`The snapshot cache returned nothing for ${key}`);
      return snapshot;
    };
    return createSnapshotReader({
      api,
      mode,
      maxBytes,
      ...(keep ? { keep } : {}),
      loadSnapshot,
      log,
    });
  }
}
