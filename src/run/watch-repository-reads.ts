import type { CodeReader } from "../code-host/code-host.js";
import { GitHubError, RefNotFoundError } from "../shared/errors.js";
import { FAILED_READS_BEFORE_STOP } from "../shared/retry-schedule.js";
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
  /**
   * Throws the error that stopped the reads, if GitHub failed
   * `FAILED_READS_BEFORE_STOP` reads in a row (5xx, or no answer): the run
   * then ends with GitHub's failure rather than an answer from nothing.
   */
  throwIfStopped(): void;
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
 * It also stops a run whose reads keep failing: once GitHub failed
 * `FAILED_READS_BEFORE_STOP` reads in a row (each already retried by
 * Octokit, about 14 s apiece), every later read fails at once with that
 * error, without a request, so the run ends well within its wall time
 * instead of spending it on reads that fail the same way (issue 34: 284
 * requests, the failure comment at 218.5 s of a 180 s limit).
 *
 * @example
 * const watched = watchRepositoryReads(codeHost.at(sha));
 * // … answer with watched.reader …
 * watched.fault() // { status: 404 } when the repository went away mid-run
 */
export function watchRepositoryReads(reader: CodeReader): WatchedReader {
  let fault: RepositoryFault | undefined;
  let failedInARow = 0;
  let stopped: GitHubError | undefined;
  const seen = (error: unknown): never => {
    fault ??= faultOf(error, reader.sha);
    if (serverFailure(error) && ++failedInARow >= FAILED_READS_BEFORE_STOP)
      stopped ??= new GitHubError(
        `GitHub failed ${failedInARow} reads in a row (the last: ${(error as Error).message}); askcode stopped reading. Answer with what you have.`,
        (error as { status?: number }).status ?? 502,
        { cause: error },
      );
    throw error;
  };
  // Every read goes through here: refused at once once stopped; an answer
  // (a file, or a missing one) ends the run of failures.
  const read = async <T>(run: () => Promise<T>): Promise<T> => {
    if (stopped) throw stopped;
    const value = await run().catch(seen);
    failedInARow = 0;
    return value;
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
    searchCode: (query) => read(() => reader.searchCode(query)),
    async readFile(path, options) {
      const file = await read(() => reader.readFile(path, options));
      if (file.kind === "missing" && !fault && (await listed(file.path)))
        fault = { status: 404 };
      return file;
    },
    listDirectory: (path, options) =>
      read(() => reader.listDirectory(path, options)),
    listTree: () => read(() => reader.listTree()),
    ...(reader.wholeRepository
      ? {
          wholeRepository: () => read(() => reader.wholeRepository!()),
        }
      : {}),
    // A history GitHub will not give is said in the answer, not a failed read:
    // it never ends the run.
    ...(reader.lineHistory && {
      lineHistory: reader.lineHistory.bind(reader),
    }),
  };
  return {
    reader: watched,
    fault: () => fault,
    throwIfStopped() {
      if (stopped) throw stopped;
    },
  };
}

/** GitHub failed, rather than refused: a 5xx after Octokit's retries. */
function serverFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === "number") return status >= 500;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function faultOf(error: unknown, sha: string): RepositoryFault | undefined {
  // The tree of the very commit the run resolved is gone.
  if (error instanceof RefNotFoundError && error.ref === sha)
    return { status: githubRefusal(error.cause)?.status ?? 404 };
  const refusal = githubRefusal(error);
  return refusal && { status: refusal.status };
}
