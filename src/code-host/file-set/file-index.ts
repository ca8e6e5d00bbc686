import type { DiskStamp, EntryType } from "../code-host.js";
import { isWithin } from "../../shared/repo-path.js";
import type { FileSourceEntry } from "./file-source.js";
import { baseName } from "./search-file.js";

/** One row of a listing: a source entry, or a directory derived from the paths below it. */
export interface IndexedEntry {
  path: string;
  type: EntryType;
  size?: number;
  sha?: string;
  stamp?: DiskStamp;
}

/** A file set's entries by path, with the directories their paths imply. */
export interface FileIndex {
  /** Files, symlinks and submodules by path. */
  entries: ReadonlyMap<string, FileSourceEntry>;
  /** Every directory that holds an entry, without the root (""). */
  directories: ReadonlySet<string>;
  /** Direct children of each directory ("" is the root), in listing order. */
  children(directory: string): IndexedEntry[];
  /** Everything below a directory, in listing order. */
  descendants(directory: string): IndexedEntry[];
  /** Up to `limit` paths whose file name is the same as `path`'s (case-insensitive). */
  sameName(path: string, limit: number): string[];
}

// The index of each listing, for as long as the listing lives: a listing
// kept across readers (`askcode mcp`'s, by the tree's stamp) is indexed
// once, not at every call (6,713 files: a sort by path and a table each).
const indexed = new WeakMap<readonly FileSourceEntry[], FileIndex>();

/**
 * Indexes a source's entries once per listing: lookups by path, directories
 * derived from paths (git stores no directories, and empty ones vanish), and
 * a file-name table for "did you mean" suggestions. The same listing (the
 * same array, which no one changes) gives the same index.
 */
export function createFileIndex(
  sourceEntries: readonly FileSourceEntry[],
): FileIndex {
  let index = indexed.get(sourceEntries);
  if (!index) {
    index = indexEntries(sourceEntries);
    indexed.set(sourceEntries, index);
  }
  return index;
}

function indexEntries(sourceEntries: readonly FileSourceEntry[]): FileIndex {
  const entries = new Map(sourceEntries.map((entry) => [entry.path, entry]));
  const directories = new Set<string>();
  const childrenOf = new Map<string, IndexedEntry[]>();
  const byName = new Map<string, string[]>();
  const addChild = (directory: string, entry: IndexedEntry) => {
    const list = childrenOf.get(directory);
    if (list) list.push(entry);
    else childrenOf.set(directory, [entry]);
  };
  for (const entry of entries.values()) {
    addChild(parentOf(entry.path), toIndexed(entry));
    for (
      let dir = parentOf(entry.path);
      dir !== "" && !directories.has(dir);
      dir = parentOf(dir)
    ) {
      directories.add(dir);
      addChild(parentOf(dir), { path: dir, type: "dir" });
    }
    const name = baseName(entry.path).toLowerCase();
    const sameName = byName.get(name);
    if (sameName) sameName.push(entry.path);
    else byName.set(name, [entry.path]);
  }
  for (const [directory, list] of childrenOf)
    childrenOf.set(directory, sortInListingOrder(list));
  const all = sortInListingOrder([
    ...[...directories].map((path): IndexedEntry => ({ path, type: "dir" })),
    ...[...entries.values()].map(toIndexed),
  ]);

  return {
    entries,
    directories,
    children: (directory) => childrenOf.get(directory) ?? [],
    descendants: (directory) =>
      all.filter(
        (entry) => entry.path !== directory && isWithin(entry.path, directory),
      ),
    // Sorted, because sources list in no fixed order (a directory walk is concurrent).
    sameName: (path, limit) =>
      (byName.get(baseName(path).toLowerCase()) ?? [])
        .filter((other) => other !== path)
        .sort()
        .slice(0, limit),
  };
}

/**
 * Sorts in tree order with directories first at every level: "src/a/x.ts"
 * comes before "src/b.ts" because, at their first differing segment, "a" is a
 * directory. Each path's sort key is built once, so large trees sort quickly.
 */
export function sortInListingOrder<T extends IndexedEntry>(entries: T[]): T[] {
  const keyed = entries.map((entry) => ({ entry, key: listingKey(entry) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ entry }) => entry);
}

// "src/a/x.ts" → "0src␀0a␀1x.ts": a "0" marks a directory segment and sorts
// before "1", a file's; "␀" (NUL, which no path holds) sorts a directory
// before everything inside it.
function listingKey(entry: IndexedEntry): string {
  const segments = entry.path.split("/");
  const last = segments.length - 1;
  return segments
    .map(
      (segment, i) => (i < last || entry.type === "dir" ? "0" : "1") + segment,
    )
    .join("\0");
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function toIndexed(entry: FileSourceEntry): IndexedEntry {
  return {
    path: entry.path,
    type: entry.type,
    ...(entry.type === "file" ? { size: entry.size } : {}),
    ...(entry.sha ? { sha: entry.sha } : {}),
    ...(entry.stamp ? { stamp: entry.stamp } : {}),
  };
}
