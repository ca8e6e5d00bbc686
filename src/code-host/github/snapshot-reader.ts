import type { SkipReason } from "../../policy/file-filters.js";
import type {
  CodeReader,
  TreeListing,
  WholeRepositoryVerdict,
} from "../code-host.js";
import { createFileSetReader } from "../file-set/file-set-reader.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import type { GitHubReader } from "./github-reader.js";
import { snapshotMisfit, type KeepRule } from "./snapshot-fits.js";
import type { TarballSnapshot } from "./tarball-snapshot.js";
import { withTreeMetadata } from "./with-tree-metadata.js";

/** Where the snapshot policy says what it decided; Probot's `log` fits. */
export interface SnapshotLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SnapshotReaderOptions {
  /** Reads through the API: the fallback, and the tree the decision needs. */
  api: GitHubReader;
  /** "auto": only when the tree says the archive fits; "always": try regardless. */
  mode: "auto" | "always";
  /** Cap on the text a snapshot keeps (`snapshotMisfit`). */
  maxBytes: number;
  /** Which files it keeps and counts (default `snapshotKeeps`). */
  keep?: KeepRule;
  /** Loads (or finds in the snapshot cache) the snapshot of `api.sha`, given its tree. */
  loadSnapshot: (tree: TreeListing) => Promise<TarballSnapshot>;
  log: SnapshotLog;
}

type Decision =
  | {
      reader: CodeReader;
      /** Files the snapshot lists without bytes: read through the API. */
      skipped: ReadonlySet<string>;
      /** Of those, the ones judged by their bytes (`TarballSnapshot.skippedByText`). */
      skippedByText: ReadonlyMap<string, SkipReason>;
    }
  | {
      reader?: undefined;
      /** Why every read goes through the API, for `wholeRepository()`. */
      why: string;
    };

/**
 * A reader that serves reads, listings and searches of one commit from an
 * in-memory snapshot when that is cheaper, and from the API otherwise.
 *
 * The first call that benefits decides, once for the reader (concurrent
 * calls wait on the same decision): list the tree (one immutable request,
 * needed anyway), and when it is complete and the text retrieval reads fits
 * `maxBytes` (`snapshotMisfit`),
 * load the tarball (one request) and answer everything after from memory —
 * one request where a question would otherwise make dozens, with no
 * code-search rate limit and no search-index lag. A snapshot that fails to
 * load (over the cap, a bad archive, GitHub down) is logged, and the reader
 * carries on through the API: a read never fails because of it.
 * `wholeRepository()` reports that same decision: cheap when the snapshot
 * is held, else the misfit or the failure in words.
 *
 * @example
 * const reader = createSnapshotReader({ api, mode: "auto", maxBytes: 50 << 20, loadSnapshot, log });
 * await reader.searchCode({ query: "retryAfter" }); // tree + tarball, then memory
 */
export function createSnapshotReader(
  options: SnapshotReaderOptions,
): CodeReader {
  const { api, log } = options;
  let deciding: Promise<Decision> | undefined;
  const decided = () => (deciding ??= decide());
  const serve = async () => {
    const decision = await decided();
    return decision.reader ? decision : undefined;
  };

  async function decide(): Promise<Decision> {
    const where = `${api.ctx.owner}/${api.ctx.repo}@${api.sha.slice(0, 7)}`;
    let tree: TreeListing;
    try {
      tree = await api.listTree();
    } catch (error) {
      const why = `listing its tree failed (${messageOf(error)})`;
      log.warn(`No snapshot of ${where}: ${why}; reading through the API.`);
      return { why };
    }
    if (options.mode === "auto") {
      const misfit = snapshotMisfit(tree, options.maxBytes, options.keep);
      if (misfit) {
        log.info(
          `No snapshot of ${where}: ${misfit}; reading through the API.`,
        );
        return { why: misfit };
      }
    }
    try {
      const snapshot = await options.loadSnapshot(tree);
      const source = withTreeMetadata(snapshot, tree);
      const reader = createFileSetReader({
        sha: api.sha,
        source,
        limits: api.limits,
      });
      return {
        reader,
        skipped: snapshot.skipped,
        skippedByText: snapshot.skippedByText,
      };
    } catch (error) {
      log.warn(
        `Snapshot of ${where} failed: ${messageOf(error)} Reading through the API instead.`,
      );
      return { why: `the snapshot failed: ${messageOf(error)}` };
    }
  }

  return {
    sha: api.sha,
    async readFile(path, range) {
      const at = normalizeRepoPath(path); // refuse a bad path before any request
      const served = await serve();
      return served && !served.skipped.has(at)
        ? served.reader.readFile(at, range)
        : api.readFile(at, range);
    },
    async listDirectory(path, listOptions) {
      const at = normalizeRepoPath(path);
      return ((await serve())?.reader ?? api).listDirectory(at, listOptions);
    },
    // The tree answer carries blob SHAs and GitHub's own truncation flag; it is cached already.
    listTree: () => api.listTree(),
    async searchCode(query) {
      return ((await serve())?.reader ?? api).searchCode(query);
    },
    async wholeRepository(): Promise<WholeRepositoryVerdict> {
      const decision = await decided();
      if (!decision.reader) return { cheap: false, why: decision.why };
      return decision.skippedByText.size > 0
        ? { cheap: true, skippedByText: decision.skippedByText }
        : { cheap: true };
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
