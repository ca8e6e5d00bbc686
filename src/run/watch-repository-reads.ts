import type { CodeReader } from "../code-host/code-host.js";
import { RefNotFoundError } from "../shared/errors.js";
import { githubRefusal } from "./github-refusal.js";

/** The repository stopped being readable at the run's commit: what GitHub answered. */
export interface RepositoryFault {
  status: 403 | 404;
}

export interface WatchedReader {
  /** The reader, unchanged in what it answers. */
  reader: CodeReader;
  /** The first fault seen, if any. */
  fault(): RepositoryFault | undefined;
}

/**
 * Watches a run's reads for a repository that becomes unreadable partway
 * through (deleted, made private, the app's access removed): GitHub then
 * answers 404 (or 403) for a commit it served a moment ago. The signs are a
 * read refused with 404/403, the commit's own tree no longer found, or a
 * file the tree lists answering "no such file". A path the tree does not
 * list is the model's guess, not a fault. Every answer passes through as it
 * was, so the run goes on with what it has; the run then says so.
 *
 * @example
 * const watched = watchRepositoryReads(codeHost.at(sha));
 * // … answer with watched.reader …
 * watched.fault() // { status: 404 } when the repository went away mid-run
 */
export function watchRepositoryReads(reader: CodeReader): WatchedReader {
  let fault: RepositoryFault | undefined;
  const seen = (error: unknown): never => {
    fault ??= faultOf(error, reader.sha);
    throw error;
  };
  // Whether the commit's tree lists `path` as a file; a tree that cannot be
  // read is noted, and the missing file stays the answer.
  const listed = async (path: string) => {
    try {
      const tree = await reader.listTree();
      return tree.entries.some((e) => e.path === path && e.type === "file");
    } catch (error) {
      fault ??= faultOf(error, reader.sha);
      return false;
    }
  };
  const watched: CodeReader = {
    sha: reader.sha,
    searchCode: (query) => reader.searchCode(query).catch(seen),
    async readFile(path, options) {
      const file = await reader.readFile(path, options).catch(seen);
      if (file.kind === "missing" && !fault && (await listed(file.path)))
        fault = { status: 404 };
      return file;
    },
    listDirectory: (path, options) =>
      reader.listDirectory(path, options).catch(seen),
    listTree: () => reader.listTree().catch(seen),
    ...(reader.wholeRepository
      ? {
          wholeRepository: () => reader.wholeRepository!().catch(seen),
        }
      : {}),
  };
  return { reader: watched, fault: () => fault };
}

function faultOf(error: unknown, sha: string): RepositoryFault | undefined {
  // The tree of the very commit the run resolved is gone.
  if (error instanceof RefNotFoundError && error.ref === sha)
    return { status: githubRefusal(error.cause)?.status ?? 404 };
  const refusal = githubRefusal(error);
  return refusal && { status: refusal.status };
}
