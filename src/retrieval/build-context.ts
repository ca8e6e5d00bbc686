import type { CodeReader } from "../code-host/code-host.js";
import { loadGrammarsFor } from "./chunks/chunk-file.js";
import type { TokenCounter } from "../tokens/token-counter.js";
import {
  readRepositoryFiles,
  type ReadRepositoryOptions,
  type RepositoryFiles,
} from "./read-repository-files.js";
import type { RepositoryIndex } from "./index/index-repository.js";
import { eventLoopSlices } from "../shared/time-slices.js";
import {
  retrieveContextSteps,
  type RetrievalTimings,
  type RetrievedContext,
  type RetrieveInput,
  type RetrieveOptions,
} from "./retrieve-context.js";
import type { SourceFile } from "./types.js";
import type { CoChangeHistory } from "./history/co-change-history.js";

export interface BuildContextOptions extends RetrieveOptions {
  read?: ReadRepositoryOptions;
}

export interface BuildContextInput {
  /** Where the files come from; not read when `files` or `index` is given. */
  reader: CodeReader;
  /** Files already in memory (a snapshot): skips reading through `reader`. */
  files?: readonly SourceFile[];
  /**
   * The files' index, built for an earlier question on the same commit (see
   * `index-cache.ts`): skips reading and indexing; `files` is then ignored.
   */
  index?: RepositoryIndex;
  question: string;
  /** Tokens the packed context may use; never exceeded. */
  budget: number;
  tokenCounter: TokenCounter;
  options?: BuildContextOptions;
  /** The repository's recent commits, for packing's co-change tier (`RetrieveInput.history`). */
  history?: CoChangeHistory;
}

export interface BuiltContext extends RetrievedContext {
  /** Files that were indexed and ranked. */
  fileCount: number;
  skipped: RepositoryFiles["skipped"];
  treeTruncated: boolean;
  timings: RetrievalTimings & { readMs: number; totalMs: number };
}

export interface BuildContextDeps {
  readRepositoryFiles: typeof readRepositoryFiles;
  /** Indexes (unless given), ranks and packs; by default in time slices of the event loop. */
  retrieveContext: (input: RetrieveInput) => Promise<RetrievedContext>;
  now: () => number;
}

const defaultDeps: BuildContextDeps = {
  readRepositoryFiles,
  retrieveContext: (input) => eventLoopSlices.run(retrieveContextSteps(input)),
  now: () => performance.now(),
};

/**
 * Builds the context for one question about one repository at one commit:
 *
 * 1. read the tree and the text files through the reader (skipped when the
 *    caller passes `files`): binaries, vendored, generated, lock and secret
 *    files are never read;
 * 2. chunk every file and index the chunks (skipped when the caller passes
 *    the `index` an earlier question on the same commit built);
 * 3. analyse the question into weighted terms, places, frames and phrases;
 * 4. rank the chunks, each with the reasons for its score, and name the
 *    packages outside the repository the best of them lead the question
 *    into (`findOutsideDependencies`);
 * 5. pack the best into the budget: the whole repository if it fits, else
 *    ranked chunks, compressed as needed; the report says what was left out.
 *
 * @example
 * const built = await buildContext({ reader: host.at(sha), question: issue.body, budget: 13_000, tokenCounter });
 * built.context.text        // what the model reads
 * built.context.note        // "Ranked chunks: showing 31 of 9,112 matching chunks …"
 * built.timings.totalMs     // 1,240
 */
export async function buildContext(
  input: BuildContextInput,
  deps: Partial<BuildContextDeps> = {},
): Promise<BuiltContext> {
  const d = { ...defaultDeps, ...deps };
  const started = d.now();
  // The tokenizer's first load takes about a second: it runs in time slices
  // while the files are read, and packing counts only once it is done.
  const tokenizerReady = input.tokenCounter.ready?.();
  const read: RepositoryFiles =
    input.files || input.index
      ? { files: [...(input.files ?? [])], skipped: {}, treeTruncated: false }
      : await d.readRepositoryFiles(input.reader, input.options?.read);
  const readMs = d.now() - started;
  // Chunking needs its grammars loaded before it starts.
  if (!input.index) await loadGrammarsFor(read.files);
  await tokenizerReady;
  const retrieved = await d.retrieveContext({
    files: read.files,
    index: input.index,
    question: input.question,
    budget: input.budget,
    tokenCounter: input.tokenCounter,
    options: input.options,
    ...(input.history ? { history: input.history } : {}),
  });
  return {
    ...retrieved,
    fileCount: retrieved.index.files.length,
    skipped: read.skipped,
    treeTruncated: read.treeTruncated,
    timings: { ...retrieved.timings, readMs, totalMs: d.now() - started },
  };
}
