import {
  DEFAULT_READ_LIMITS,
  type CodeReader,
  type ReadLimits,
  type TreeListing,
} from "../code-host.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import { listGitHubDirectory, listTreeDirectory } from "./list-directory.js";
import { listGitHubTree } from "./list-tree.js";
import { readGitHubFile, readGitHubText } from "./read-file.js";
import type { GitHubRepoContext } from "./repo-context.js";
import { searchGitHubCode } from "./search-code.js";
import type { SearchPacer } from "./search-pacer.js";

/** askcode's code-search budget, as the host hands it to every reader. */
export interface GitHubSearchOptions {
  /** Shared by every run of the process (`createSearchPacer`). */
  pacer: SearchPacer;
  /** The budget's key: one per installation, e.g. "installation:42". */
  paceKey: string;
  /** At most this many files read by the fallbacks (default 40). */
  fallbackFileLimit?: number;
}

/** A `CodeReader` that asks GitHub per call, with the repository and limits it reads under. */
export interface GitHubReader extends CodeReader {
  readonly ctx: GitHubRepoContext;
  readonly limits: ReadLimits;
}

export interface GitHubReaderOptions {
  ctx: GitHubRepoContext;
  sha: string;
  limits?: Partial<ReadLimits>;
  search: GitHubSearchOptions;
  /** Whether `sha` is the default branch's head, the only commit code search indexes. */
  isIndexedCommit: () => Promise<boolean>;
}

/**
 * Reads one commit through the REST API, one request per call at most (each
 * answer is addressed by the SHA, so the response cache keeps it for good):
 * the Contents API for files and single directories, the Git Trees API for
 * recursive listings and the tree, which this reader parses once; code
 * search with its fallbacks over the tree (`searchGitHubCode`).
 *
 * @example
 * const reader = createGitHubReader({ ctx, sha, search: { pacer, paceKey: "installation:42" }, isIndexedCommit: async () => true });
 * await reader.readFile("README.md");
 */
export function createGitHubReader(options: GitHubReaderOptions): GitHubReader {
  const { ctx, sha, search } = options;
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  let tree: Promise<TreeListing> | undefined;
  const listTree = () => {
    tree ??= listGitHubTree(ctx, sha).catch((error: unknown) => {
      tree = undefined; // a later call may try again
      throw error;
    });
    return tree;
  };
  return {
    sha,
    ctx,
    limits,
    listTree,
    readFile: (path, range) => readGitHubFile(ctx, sha, path, range, limits),
    async listDirectory(path, listOptions) {
      if (!listOptions?.recursive) return listGitHubDirectory(ctx, sha, path);
      const at = normalizeRepoPath(path); // refuse a bad path before any request
      return listTreeDirectory(await listTree(), at);
    },
    async searchCode(query) {
      return searchGitHubCode(query, {
        ...ctx,
        ...search,
        sha,
        listTree,
        readText: (path) => readGitHubText(ctx, sha, path),
        searchesIndexedCommit: await options.isIndexedCommit(),
      });
    },
  };
}
