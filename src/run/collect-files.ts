import type { CodeReader } from "../code-host/code-host.js";
import { snapshotMisfit } from "../code-host/github/snapshot-fits.js";
import { readRepositoryFiles } from "../retrieval/read-repository-files.js";
import type { SourceFile } from "../retrieval/types.js";

export interface CollectedFiles {
  files: SourceFile[];
  /**
   * "repository": every text file was read (one snapshot request on GitHub);
   * "candidates": the repository is too large, so only the files code search
   * and path search named were read.
   */
  mode: "repository" | "candidates";
  /** Why candidates, in words, for the log. */
  note?: string;
}

export interface CollectFilesOptions {
  /** Past this estimate of the text retrieval reads (`snapshotMisfit`), read candidates instead of everything (the snapshot cap). */
  maxRepositoryBytes: number;
  /** At most this many candidate files are read (each is a request on GitHub). */
  maxCandidateFiles?: number;
  /** Paths the repository's configuration excludes, and secrets: never read. */
  exclude: (path: string) => boolean;
}

/**
 * The files retrieval ranks for one question. A repository that fits the
 * snapshot cap is read whole: on GitHub that is one tarball request, and
 * ranking every chunk beats any search index. A larger one would cost a
 * request per file, so askcode reads only the candidates that code search
 * (with its path and tokenized fallbacks) names for the question.
 */
export async function collectFiles(
  reader: CodeReader,
  queries: readonly string[],
  options: CollectFilesOptions,
): Promise<CollectedFiles> {
  const tree = await reader.listTree();
  const misfit = snapshotMisfit(tree, options.maxRepositoryBytes);
  if (!misfit) {
    const { files } = await readRepositoryFiles(reader, {
      exclude: options.exclude,
    });
    return { files, mode: "repository" };
  }
  const max = options.maxCandidateFiles ?? 40;
  const paths: string[] = [];
  for (const query of queries) {
    if (paths.length >= max) break;
    const result = await reader.searchCode({ query, maxResults: max });
    for (const hit of result.hits) {
      if (
        paths.length < max &&
        !paths.includes(hit.path) &&
        !options.exclude(hit.path)
      )
        paths.push(hit.path);
    }
  }
  const files: SourceFile[] = [];
  for (const path of paths) {
    const content = await reader.readFile(path);
    if (content.kind === "text") files.push({ path, text: content.text });
  }
  return {
    files,
    mode: "candidates",
    note: `${misfit}; read ${files.length} candidate files named by code search`,
  };
}
