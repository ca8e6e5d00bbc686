import { Bm25Builder } from "./bm25-builder.js";
import type { ChunkOptions } from "../chunks/chunk-file.js";
import {
  assembleIndexSteps,
  type IndexedFile,
  type RepositoryIndex,
} from "./assemble-index.js";
import { deriveFile, type DerivedFile } from "./derive-file.js";
import type { DerivedCache } from "./derived-cache.js";
import { lfText } from "../../text/lf-text.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";
import type { SourceFile } from "../types.js";

// The index's shape is declared where it is assembled; importers keep this path.
export type { IndexedFile, RepositoryIndex };

export interface IndexReuse {
  /** What earlier indexing derived per blob SHA: files held there are assembled, not chunked and counted again. */
  derived?: DerivedCache;
  /** Derives one file (default `deriveFile`; tests count its calls). */
  deriveFile?: typeof deriveFile;
}

/**
 * Chunks every file and builds the BM25 index over the chunks, the definition
 * table and the path tables. With a derived cache, a file whose blob was
 * indexed before (on this commit or an earlier one) is assembled from what
 * was derived then; only new blobs are chunked and counted.
 *
 * @example
 * const index = indexRepository([{ path: "app/session.py", text }]);
 * index.chunks.length          // chunks of all files, in file order
 * index.definitions.get("session") // ids of the chunks that declare Session
 * indexRepository(nextCommitFiles, {}, { derived }) // derives only the changed files
 */
export function indexRepository(
  files: readonly SourceFile[],
  options: ChunkOptions = {},
  reuse: IndexReuse = {},
): RepositoryIndex {
  return runToEnd(indexRepositorySteps(files, options, reuse));
}

/**
 * `indexRepository` as steps that pause after each file and within the
 * postings' sort, for a server to run in time slices: one repository's
 * indexing takes seconds, a webhook waits for none of it.
 *
 * @example
 * const index = await eventLoopSlices.run(indexRepositorySteps(files, {}, { derived }));
 */
export function* indexRepositorySteps(
  files: readonly SourceFile[],
  options: ChunkOptions = {},
  reuse: IndexReuse = {},
): Steps<RepositoryIndex> {
  const derive = reuse.deriveFile ?? deriveFile;
  // Counts terms for the files derived in this run; learns each distinct
  // word's terms once across them.
  let counter: Bm25Builder | undefined;
  // Derive (or take) every file first, so the postings are allocated once.
  const texts: string[] = [];
  const derivations: DerivedFile[] = [];
  for (const file of files) {
    const text = lfText(file.text);
    const fresh = () =>
      derive(
        { path: file.path, text },
        options,
        (counter ??= new Bm25Builder()),
      );
    const derived = reuse.derived
      ? reuse.derived.obtain(file, text, options, fresh)
      : fresh();
    texts.push(text);
    derivations.push(derived);
    yield;
  }
  return yield* assembleIndexSteps(files, texts, derivations, {
    ...(counter ? { counter } : {}),
  });
}
