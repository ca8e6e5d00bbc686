// Reads a repository's files at a commit the way retrieval does (the local
// code host and readRepositoryFiles: the same filters), each with its git
// blob SHA, for the indexing benchmarks.
import { createLocalCodeHost } from "../src/code-host/local/local-code-host.js";
import { readRepositoryFiles } from "../src/retrieval/read-repository-files.js";
import type { SourceFile } from "../src/retrieval/types.js";

/**
 * The text files of `root` (a git repository, bare or not) at `ref`, with blob SHAs.
 *
 * @example
 * const files = await mirrorFiles("bench/mirrors/apache+kafka/repo");
 */
export async function mirrorFiles(
  root: string,
  ref = "HEAD",
): Promise<SourceFile[]> {
  const host = createLocalCodeHost({
    root,
    limits: { maxFileBytes: 4 * 1024 * 1024 },
  });
  try {
    const { sha } = await host.resolveRef(ref);
    const { files } = await readRepositoryFiles(host.at(sha), {
      maxTotalBytes: 4 * 1024 * 1024 * 1024,
    });
    return files;
  } finally {
    await host.close();
  }
}
