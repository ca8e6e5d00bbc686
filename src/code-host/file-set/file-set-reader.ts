import { LRUCache } from "lru-cache";
import {
  DEFAULT_READ_LIMITS,
  type CodeReader,
  type CodeSearchQuery,
  type CodeSearchResult,
  type DirectoryListing,
  type FileContent,
  type ReadFileOptions,
  type ReadLimits,
  type TreeListing,
} from "../code-host.js";
import { normalizeRepoPath } from "../../shared/repo-path.js";
import { decodeText } from "./decode-text.js";
import { describeSubmodule, describeSymlink } from "./describe-link.js";
import { createFileIndex, type FileIndex } from "./file-index.js";
import type { FileSource, FileSourceEntry } from "./file-source.js";
import { formatBytes } from "./format-bytes.js";
import { mapLimit } from "./map-limit.js";
import { parseGitmodules } from "./parse-gitmodules.js";
import { readTextRange } from "./read-text-range.js";
import { baseName, type SearchFile } from "./search-file.js";
import { searchFiles } from "./search-files.js";
import { createSearchFileFilter } from "./search-filters.js";
import { skippedFilesNotes } from "./skipped-files-notes.js";
import type { StampedValues } from "./stamped-values.js";

export interface FileSetReaderOptions {
  /** The commit this reader answers for ("working-tree" for an uncommitted directory). */
  sha: string;
  source: FileSource;
  limits?: Partial<ReadLimits>;
  /** Memory for decoded text kept across reads and searches (default 128 MB). */
  cacheBytes?: number;
  /** Files read from the source at once (default 16). */
  concurrency?: number;
  /** Decoded files kept across readers by their stamps (`askcode mcp`'s session): an unchanged file is not read again. */
  stampedTexts?: StampedValues<Decoded>;
}

/** A file's decoded text, or the fact that it is binary (so it is not sniffed again). */
export type Decoded = { kind: "text"; file: SearchFile } | { kind: "binary" };

/** The memory a decoded file holds: UTF-16 text plus the lowercase copy that search keeps beside it. */
export function decodedBytes(decoded: Decoded): number {
  return (decoded.kind === "text" ? decoded.file.text.length * 4 : 0) + 64;
}

/**
 * A `CodeReader` over any `FileSource`: line ranges and size limits, binary
 * detection, symlinks and submodules as metadata, directories derived from
 * paths, and the three-phase search over the text files (see
 * docs/architecture/retrieval.md, 'Three-phase search'). Decoded
 * text stays in an LRU cache bounded by size, so a run that reads and
 * searches the same files touches the source once per file.
 *
 * @example
 * const reader = createFileSetReader({ sha, source: createDirectoryFileSource({ root }) });
 * await reader.readFile("src/index.ts", { startLine: 10, endLine: 40 });
 */
export function createFileSetReader(options: FileSetReaderOptions): CodeReader {
  const { sha, source } = options;
  const limits: ReadLimits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const concurrency = options.concurrency ?? 16;
  const cache = new LRUCache<string, Decoded>({
    maxSize: options.cacheBytes ?? 128 * 1024 * 1024,
    sizeCalculation: decodedBytes,
    fetchMethod: async (path) => {
      const decode = async (): Promise<Decoded | undefined> => {
        const bytes = await source.readBytes(path);
        if (bytes === undefined) return undefined;
        const text = decodeText(bytes);
        return text === undefined
          ? { kind: "binary" }
          : { kind: "text", file: { path, text } };
      };
      if (!options.stampedTexts) return decode();
      const stamp = (await getIndex()).entries.get(path)?.stamp;
      return options.stampedTexts.obtain(path, stamp, decode);
    },
  });

  let indexing: Promise<FileIndex> | undefined;
  const getIndex = (): Promise<FileIndex> => {
    indexing ??= source.listFiles().then(createFileIndex, (error: unknown) => {
      indexing = undefined; // let a later call try again
      throw error;
    });
    return indexing;
  };

  async function readFile(
    path: string,
    range?: ReadFileOptions,
  ): Promise<FileContent> {
    const at = normalizeRepoPath(path);
    const index = await getIndex();
    if (at === "" || index.directories.has(at)) {
      const what = at === "" ? "The repository root" : at;
      return {
        kind: "directory",
        path: at,
        note: `${what} is a directory; use list_directory_contents to see what it holds.`,
      };
    }
    const entry = index.entries.get(at);
    if (entry?.type === "symlink") return describeSymlink(entry, index);
    if (entry?.type === "submodule")
      return describeSubmodule(entry, await submoduleUrl(index, at));
    const decoded = entry && (await cache.fetch(at));
    if (!entry || !decoded) return missing(index, at);
    const file = {
      path: at,
      size: entry.size,
      ...(entry.sha ? { blobSha: entry.sha } : {}),
    };
    if (decoded.kind === "binary") {
      return {
        kind: "binary",
        ...file,
        note: `Binary file (${formatBytes(entry.size)}); its contents are not shown.`,
      };
    }
    return readTextRange(
      { ...file, text: decoded.file.text, maxBytes: limits.maxFileBytes },
      range,
    );
  }

  function missing(index: FileIndex, path: string): FileContent {
    const similar = index.sameName(path, 3);
    const hint =
      similar.length > 0 ? ` Did you mean ${similar.join(", ")}?` : "";
    return {
      kind: "missing",
      path,
      note: `No such file at ${sha}: ${path}.${hint}`,
    };
  }

  async function submoduleUrl(
    index: FileIndex,
    path: string,
  ): Promise<string | undefined> {
    if (index.entries.get(".gitmodules")?.type !== "file") return undefined;
    const decoded = await cache.fetch(".gitmodules");
    return decoded?.kind === "text"
      ? parseGitmodules(decoded.file.text).get(path)
      : undefined;
  }

  async function listDirectory(
    path: string,
    listOptions?: { recursive?: boolean },
  ): Promise<DirectoryListing> {
    const at = normalizeRepoPath(path);
    const index = await getIndex();
    const empty = { path: at, entries: [], truncated: false };
    if (index.entries.has(at)) {
      return {
        ...empty,
        note: `${at} is a file, not a directory; use read_file_contents to read it.`,
      };
    }
    if (at !== "" && !index.directories.has(at))
      return { ...empty, note: `No such directory at ${sha}: ${at}.` };
    const rows = listOptions?.recursive
      ? index.descendants(at)
      : index.children(at);
    const entries = rows.map((row) => ({
      path: row.path,
      name: baseName(row.path),
      type: row.type,
      ...(row.size === undefined ? {} : { size: row.size }),
    }));
    return { ...empty, entries };
  }

  async function listTree(): Promise<TreeListing> {
    const index = await getIndex();
    return { sha, entries: index.descendants(""), truncated: false };
  }

  async function searchCode(query: CodeSearchQuery): Promise<CodeSearchResult> {
    const index = await getIndex();
    // Filter on paths first so that a narrow search reads only the files it may match.
    const filter = createSearchFileFilter(query);
    const scoped: FileSourceEntry[] = [];
    const tooLarge: FileSourceEntry[] = [];
    for (const entry of index.entries.values()) {
      if (entry.type !== "file" || !filter.matches(entry.path)) continue;
      (entry.size > limits.maxFileBytes ? tooLarge : scoped).push(entry);
    }
    const decoded = await mapLimit(scoped, concurrency, (entry) =>
      cache.fetch(entry.path),
    );
    const files: SearchFile[] = [];
    let binaries = 0;
    for (const item of decoded) {
      if (item?.kind === "text") files.push(item.file);
      else if (item?.kind === "binary") binaries++;
    }
    const result = searchFiles(files, query);
    const maxFileBytes = limits.maxFileBytes;
    result.notes.push(
      ...skippedFilesNotes({
        tooLarge: tooLarge.map((e) => e.path),
        binaries,
        maxFileBytes,
      }),
    );
    return { ...result, incomplete: result.incomplete || tooLarge.length > 0 };
  }

  return {
    sha,
    readFile,
    listDirectory,
    listTree,
    searchCode,
    ...(source.treeStamp && { treeStamp: () => source.treeStamp!() }),
  };
}
