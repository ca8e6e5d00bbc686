import { gitBlobSha } from "../../src/code-host/github/git-blob-sha.js";
import type {
  FileSource,
  FileSourceEntry,
} from "../../src/code-host/file-set/file-source.js";

export type MemoryFile =
  string | Buffer | { symlink: string } | { submodule: string };

/** An in-memory `FileSource` that counts reads, for reader tests. */
export interface MemoryFileSource extends FileSource {
  /** How many times each path was read. */
  reads: Map<string, number>;
}

export function createMemoryFileSource(
  files: Record<string, MemoryFile>,
): MemoryFileSource {
  const reads = new Map<string, number>();
  const entries: FileSourceEntry[] = Object.entries(files).map(
    ([path, file]): FileSourceEntry => {
      if (typeof file === "string" || Buffer.isBuffer(file))
        return { path, type: "file", size: Buffer.byteLength(file) };
      if ("symlink" in file)
        return {
          path,
          type: "symlink",
          size: file.symlink.length,
          target: file.symlink,
        };
      return { path, type: "submodule", size: 0, commit: file.submodule };
    },
  );
  return {
    label: "memory",
    reads,
    listFiles: async () => entries,
    readBytes: async (path) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      const file = files[path];
      if (typeof file === "string") return Buffer.from(file);
      return Buffer.isBuffer(file) ? file : undefined;
    },
  };
}

/** A memory source whose listing carries each file's git blob SHA, as a snapshot's and a checkout's do. */
export function createMemoryCommitSource(
  files: Record<string, string>,
): MemoryFileSource {
  const source = createMemoryFileSource(files);
  return {
    ...source,
    listFiles: async () =>
      (await source.listFiles()).map((entry) => ({
        ...entry,
        sha: gitBlobSha(Buffer.from(files[entry.path] ?? "")),
      })),
  };
}
