import type { CodeReader, TreeEntry } from "../code-host/code-host.js";
import { fileKind } from "../text/file-kind.js";
import {
  skipReason,
  skipReasonForText,
  type FileFilterOptions,
  type SkipReason,
} from "../policy/file-filters.js";
import type { SourceFile } from "./types.js";

export interface ReadRepositoryOptions extends FileFilterOptions {
  /** Reads in flight at once (default 16). */
  concurrency?: number;
  /** Stop reading after this many bytes in all (default 64 MiB): memory stays bounded on huge repositories. */
  maxTotalBytes?: number;
  /** Files the host already read and judged (`WholeRepositoryVerdict.skippedByText`): skipped for that reason, not read again. */
  skippedByText?: ReadonlyMap<string, SkipReason>;
}

export interface RepositoryFiles {
  /** Text files in path order. */
  files: SourceFile[];
  /** How many files were left out, by reason. */
  skipped: Partial<Record<SkipReason | "limit" | "unreadable", number>>;
  /** The host's tree listing was cut (GitHub's limit): some files were never seen. */
  treeTruncated: boolean;
}

/**
 * Reads the text files of a repository through a `CodeReader`: one tree
 * listing, then one read per file that passes `skipReason` (no request for
 * binaries, vendored or lock files), then `skipReasonForText` on what came back.
 * Code is read before tests, docs and data, so a size limit cuts the least
 * useful files.
 *
 * This is the I/O half of `buildContext`; a caller that already holds the
 * files (a snapshot) skips it and passes them in.
 *
 * @example
 * const { files, skipped } = await readRepositoryFiles(reader);
 * skipped // { vendored: 212, binary: 40, "lock-file": 1 }
 */
export async function readRepositoryFiles(
  reader: CodeReader,
  options: ReadRepositoryOptions = {},
): Promise<RepositoryFiles> {
  const tree = await reader.listTree();
  const skipped: RepositoryFiles["skipped"] = {};
  const skip = (reason: keyof RepositoryFiles["skipped"]): void => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const order = { code: 0, test: 1, docs: 2, data: 3 } as const;
  // Each file's kind found once: the sort compares every file about log n
  // times, and on 6,713 files the kind's patterns run in the sort took a
  // first question tens of milliseconds.
  const ranked: Array<{ entry: TreeEntry; rank: number }> = [];
  for (const entry of tree.entries) {
    if (entry.type !== "file") continue;
    const reason =
      skipReason(entry.path, entry.size, options) ??
      options.skippedByText?.get(entry.path);
    if (reason) skip(reason);
    else ranked.push({ entry, rank: order[fileKind(entry.path)] });
  }
  ranked.sort(
    (a, b) => a.rank - b.rank || (a.entry.path < b.entry.path ? -1 : 1),
  );
  const wanted = ranked.map(({ entry }) => entry);

  const maxTotal = options.maxTotalBytes ?? 64 * 1024 * 1024;
  let total = 0;
  const files: SourceFile[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < wanted.length) {
      const entry = wanted[next++] as TreeEntry;
      if (total + (entry.size ?? 0) > maxTotal) {
        skip("limit");
        continue;
      }
      total += entry.size ?? 0;
      const content = await reader.readFile(entry.path);
      if (content.kind !== "text") {
        skip(content.kind === "binary" ? "binary" : "unreadable");
        continue;
      }
      if (content.truncated) {
        skip("too-large");
        continue;
      }
      const reason = skipReasonForText(content.text);
      if (reason) skip(reason);
      else {
        // What indexing derives from the file is cached by its blob.
        const blobSha = content.blobSha ?? entry.sha;
        files.push({
          path: entry.path,
          text: content.text,
          ...(blobSha ? { blobSha } : {}),
        });
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? 16) }, worker),
  );
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped, treeTruncated: tree.truncated };
}
