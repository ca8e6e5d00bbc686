import type { DiskStamp } from "../code-host.js";

/**
 * Where a file-set reader gets its files: a directory on disk, the objects of
 * one git commit, or a tarball snapshot held in memory. A source only lists and
 * reads; the reader (`createFileSetReader`) does everything else (line ranges,
 * size limits, binary detection, search), so a new source stays small.
 *
 * Paths are repository-relative POSIX paths without a leading slash, exactly
 * as `normalizeRepoPath` returns them ("src/index.ts").
 */
export interface FileSource {
  /** Where the files come from, for logs: "directory:/src/app", "git:/src/app@1a2b3c4". */
  readonly label: string;
  /**
   * Every file, symlink and submodule of the set; directories are not listed
   * (the reader derives them from the paths). Called once per reader.
   */
  listFiles(): Promise<FileSourceEntry[]>;
  /** The stamp of everything `listFiles` lists (`CodeReader.treeStamp`), where the source can take one. */
  treeStamp?(): Promise<DiskStamp | undefined>;
  /**
   * The bytes of one file entry, or `undefined` when the set has no such file.
   * Only called with the path of a `type: "file"` entry from `listFiles`.
   * May throw `InvalidPathError` when reading would leave the repository
   * (a symlinked parent directory pointing elsewhere).
   */
  readBytes(path: string): Promise<Buffer | undefined>;
}

export interface FileSourceEntry {
  /** Repository-relative POSIX path. */
  path: string;
  type: "file" | "symlink" | "submodule";
  /** Bytes; 0 for submodules, the target's length for symlinks where unknown. */
  size: number;
  /** Git object SHA (blob, or the pinned commit for a submodule), where the source knows it. */
  sha?: string;
  /** For symlinks: the target as stored in the link, relative to the link's directory. */
  target?: string;
  /** For submodules: the commit of the other repository that is pinned. */
  commit?: string;
  /** For files and symlinks on disk: how they last changed. */
  stamp?: DiskStamp;
}
