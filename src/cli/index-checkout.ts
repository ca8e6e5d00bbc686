import type { CodeReader } from "../code-host/code-host.js";
import { gitBlobSha } from "../code-host/github/git-blob-sha.js";
import { loadGrammarsFor } from "../retrieval/chunks/chunk-file.js";
import type { DerivedCache } from "../retrieval/index/derived-cache.js";
import {
  indexRepository,
  type RepositoryIndex,
} from "../retrieval/index/index-repository.js";
import { readRepositoryFiles } from "../retrieval/read-repository-files.js";
import type { SourceFile } from "../retrieval/types.js";

export interface IndexedCheckout {
  files: SourceFile[];
  index: RepositoryIndex;
  readMs: number;
  indexMs: number;
}

/**
 * Reads a checkout and indexes it, deriving (chunking into syntax trees and
 * counting terms) only the files whose blobs `derived` does not hold, as
 * the app's `indexForQuestion` does across commits. A commit read from
 * git's objects names each blob; the working tree does not, so its files
 * are named by the git blob SHA of their text, which for a file without
 * line-ending filters is the SHA `git hash-object` gives.
 *
 * @example
 * const { index, files } = await indexCheckout(host.at(sha), { derived, now: () => performance.now() });
 */
export async function indexCheckout(
  reader: CodeReader,
  deps: { derived?: DerivedCache; now: () => number },
): Promise<IndexedCheckout> {
  const { derived, now } = deps;
  const started = now();
  const read = await readRepositoryFiles(reader);
  const files = read.files.map((file) =>
    file.blobSha
      ? file
      : { ...file, blobSha: gitBlobSha(Buffer.from(file.text, "utf8")) },
  );
  const readMs = now() - started;
  const indexing = now();
  if (derived) await derived.load(files, {});
  await loadGrammarsFor(files);
  const index = indexRepository(files, {}, derived ? { derived } : {});
  // The process ends after this question: the next run reads what is saved.
  if (derived) await derived.save();
  return { files, index, readMs, indexMs: now() - indexing };
}
