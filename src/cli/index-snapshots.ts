import { createHash, type Hash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import type { BlobStore } from "../cache/blob-store.js";
import type { DiskStamp, TreeEntry } from "../code-host/code-host.js";
import {
  indexFromColumns,
  indexToColumns,
  type IndexColumns,
} from "../retrieval/index/index-columns.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import {
  chunkCopies,
  rememberChunkCopies,
  type ChunkCopies,
} from "../retrieval/rank/chunk-copies.js";
import {
  dependencyFacts,
  rememberDependencyFacts,
  type DependencyFacts,
} from "../retrieval/dependencies/repository-dependencies.js";
import {
  counterpartsOf,
  rememberCounterparts,
} from "../retrieval/rank/rank-chunks.js";
import type { Counterpart } from "../retrieval/rank/file-counterparts.js";
import {
  fileAuthorship,
  rememberFileAuthorship,
  type FileAuthorship,
} from "../retrieval/rank/set-aside-files.js";
import type { SourceFile } from "../retrieval/types.js";
import {
  readPostingsFrom,
  splitPostings,
  type SnapshotPostings,
} from "./snapshot-postings.js";
import {
  splitTexts,
  textReader,
  type SnapshotTexts,
} from "./snapshot-texts.js";

/**
 * Whole indexes kept on disk by the exact files they index, so that a
 * question asked again on an unchanged checkout loads its index in one read
 * instead of assembling it from every file's derivation. On pylint (4,278
 * files) assembling took about 350 ms of a warm question and loading the
 * kept index about 50.
 *
 * An index is found three ways: by its files (paths and blob SHAs, known
 * once every file is read), or before reading any, by the listing it was
 * built from, when each entry names its content (a commit's blob SHAs) or
 * its last change on disk (a working tree's stamps, as git's index keeps
 * them), or, before listing, by the tree's stamp (`CodeReader.treeStamp`).
 */
export interface IndexSnapshots {
  /** The index kept for exactly these files (paths and blob SHAs), or undefined. */
  get(files: readonly SourceFile[]): Promise<RepositoryIndex | undefined>;
  /** The index kept for this listing, unread, or undefined. */
  getByListing(
    listing: readonly TreeEntry[],
  ): Promise<RepositoryIndex | undefined>;
  /** Keeps `index` as the index of `files`, found by `listing` too; never throws for the disk's sake. */
  put(
    files: readonly SourceFile[],
    index: RepositoryIndex,
    listing?: readonly TreeEntry[],
  ): Promise<void>;
  /** Finds the index kept for `files` by `listing` too (its files were touched, not changed). */
  noteListing(
    files: readonly SourceFile[],
    listing: readonly TreeEntry[],
  ): Promise<void>;
  /** The index kept for this tree stamp, unlisted and unread, or undefined. */
  getByTree(stamp: DiskStamp): Promise<RepositoryIndex | undefined>;
  /**
   * Finds the index kept for `files` by the stamp of the tree they were
   * read from too; the caller took it before reading them and found it
   * unchanged after.
   */
  noteTree(files: readonly SourceFile[], stamp: DiskStamp): Promise<void>;
}

// The blob store's kinds: V8's serialization of a `Snapshot`, and the
// snapshot key (40 hex digits, ASCII) of a listing or a tree stamp. v2: the
// index as columns; v4: its vocabulary, tables and short strings as columns
// too; v5: the files' texts as bytes, decoded when read; v6: those bytes in
// an entry of their own (TEXTS_KIND, under the same key), read by ranges;
// v7: the postings in an entry of their own too (POSTINGS_KIND).
const SNAPSHOT_KIND = "index-snapshot:v7";
const TEXTS_KIND = "index-texts:v1";
const POSTINGS_KIND = "index-postings:v1";
const LISTING_KIND = "index-listing:v1";

// A stamp is trusted only once its file last changed longer ago than any
// file system's time granularity (FAT's 2 s): a change within the same
// tick as the stamp was taken could leave it unchanged.
export const RACY_MS = 2000;

// What ranking finds once per index is kept with it: the copies between
// chunks (finding them hashes every chunk: about 50 ms on pylint), each
// file's authorship (Linguist's rules read every file's first lines: about
// 30 ms of a warm question on 6,713 files), counterparts (5-9 ms there) and
// what its manifests declare (about 20 ms there).
// The index is kept as columns (see `IndexColumns`: half the bytes, a third
// of the time to load), or whole when it cannot be.
interface Snapshot {
  index: IndexColumns | RepositoryIndex;
  columns: boolean;
  /** Where the columns' texts lie in their own entry; none when kept whole. */
  texts?: SnapshotTexts;
  /** Where the columns' postings lie in their own entry; none when kept whole. */
  postings?: SnapshotPostings;
  copies: ChunkCopies;
  authorship: FileAuthorship;
  counterparts: SparseLists<Counterpart>;
  dependencies: DependencyFacts;
}

// Lists of which most are empty (most files have no counterpart), as the
// non-empty ones by position: V8's deserializer makes every empty array an
// object (6,341 of them on the django-sized checkout, about 3 ms).
interface SparseLists<T> {
  length: number;
  lists: [position: number, list: T[]][];
}

function sparseLists<T>(lists: T[][]): SparseLists<T> {
  const kept: [number, T[]][] = [];
  for (const [at, list] of lists.entries())
    if (list.length > 0) kept.push([at, list]);
  return { length: lists.length, lists: kept };
}

function denseLists<T>(sparse: SparseLists<T>): T[][] {
  const lists = Array.from({ length: sparse.length }, (): T[] => []);
  for (const [at, list] of sparse.lists) lists[at] = list;
  return lists;
}

/**
 * Index snapshots in `blobs`, under keys that hash the code that built them
 * (`buildId`), the V8 version that serialized them, and every file's path
 * and blob SHA (or every listed entry's content or stamp): any change to
 * one of them is a miss, never a stale index. The blob store bounds them
 * with everything else it keeps, least recently used first, and checks
 * each one's checksum on read.
 *
 * @example
 * const snapshots = createIndexSnapshots(blobs, readBuildId());
 * const index = (await snapshots.getByListing(listing)) ?? (await snapshots.get(files)) ?? build(files);
 */
export function createIndexSnapshots(
  blobs: BlobStore,
  buildId: string,
  deps: { now?: () => number } = {},
): IndexSnapshots {
  const now = deps.now ?? Date.now;
  const started = (): Hash =>
    createHash("sha1")
      .update(buildId)
      .update("\0")
      .update(process.versions.v8)
      .update("\0");

  // Each key hashes one string of every line: a hash's update per file
  // cost a warm question 20-30 ms on 6,713 files, the same digest in one.
  const filesKey = (files: readonly SourceFile[]): string | undefined => {
    const lines: string[] = [];
    for (const file of [...files].sort(byPath)) {
      // A file read without a blob SHA cannot be told from another text.
      if (file.blobSha === undefined) return undefined;
      lines.push(`${file.path}\0${file.blobSha}\n`);
    }
    return started().update(lines.join("")).digest("hex");
  };

  // Directories are implied by the paths; a file named by neither a SHA
  // nor a stamp leaves the listing without a key.
  const listingKey = (
    listing: readonly TreeEntry[],
    options: { trustedBefore?: number } = {},
  ): string | undefined => {
    const lines = ["listing\0"];
    for (const entry of [...listing].sort(byPath)) {
      if (entry.type === "dir") continue;
      const names = entry.sha ?? entry.stamp?.key;
      if (names === undefined) return undefined;
      if (
        options.trustedBefore !== undefined &&
        entry.sha === undefined &&
        (entry.stamp?.changedAtMs ?? Infinity) >= options.trustedBefore
      )
        return undefined;
      lines.push(
        `${entry.path}\0${entry.type}\0${entry.size ?? ""}\0${names}\n`,
      );
    }
    return started().update(lines.join("")).digest("hex");
  };

  // A stamp whose files git does not vouch for is trusted as a listing's.
  const treeKey = (
    stamp: DiskStamp,
    options: { trustedBefore?: number } = {},
  ): string | undefined =>
    options.trustedBefore !== undefined &&
    stamp.changedAtMs >= options.trustedBefore
      ? undefined
      : started().update("tree\0").update(stamp.key).digest("hex");

  const load = async (key: string, count?: number) => {
    const bytes = await blobs.get(SNAPSHOT_KIND, key);
    if (!bytes) return undefined;
    try {
      const snapshot = deserialize(bytes) as Snapshot;
      const { copies, authorship, counterparts, dependencies } = snapshot;
      const index = snapshot.columns
        ? await fromColumns(key, snapshot.index as IndexColumns, snapshot)
        : (snapshot.index as RepositoryIndex);
      if (!index) return undefined;
      // The key holds every path: a count that differs is a bug, not a hit.
      if (count !== undefined && index.files.length !== count) return undefined;
      rememberChunkCopies(index, copies);
      rememberFileAuthorship(index, authorship);
      rememberCounterparts(index, denseLists(counterparts));
      rememberDependencyFacts(index.files, dependencies);
      return index;
    } catch {
      return undefined;
    }
  };

  // The columns' texts and postings are read from their own entries when
  // each is first read; without either entry (evicted, deleted as corrupt)
  // it is a miss.
  const fromColumns = async (
    key: string,
    columns: IndexColumns,
    { texts, postings }: Pick<Snapshot, "texts" | "postings">,
  ) => {
    if (!texts || !postings) return undefined;
    const [textRanges, postingRanges] = await Promise.all([
      blobs.openRanges(TEXTS_KIND, key),
      blobs.openRanges(POSTINGS_KIND, key),
    ]);
    const read =
      textRanges &&
      textReader(texts, textRanges, (id) => columns.files.path[id]);
    if (!read || !postingRanges) return undefined;
    const index = indexFromColumns(columns, read);
    return readPostingsFrom(postings, postingRanges, index.bm25)
      ? index
      : undefined;
  };

  // The index found by a listing's or a tree's key: the key of its files.
  const byFound = async (found: string | undefined) => {
    const key = found && (await blobs.get(LISTING_KIND, found))?.toString();
    return key && /^[0-9a-f]{40}$/.test(key) ? load(key) : undefined;
  };
  const note = async (
    files: readonly SourceFile[],
    found: (options: { trustedBefore: number }) => string | undefined,
  ) => {
    const key = filesKey(files);
    const at = key && found({ trustedBefore: now() - RACY_MS });
    if (key && at) await blobs.put(LISTING_KIND, at, Buffer.from(key));
  };
  const noteListing = (
    files: readonly SourceFile[],
    listing: readonly TreeEntry[],
  ) => note(files, (options) => listingKey(listing, options));

  return {
    async get(files) {
      const key = filesKey(files);
      return key ? load(key, files.length) : undefined;
    },
    getByListing: (listing) => byFound(listingKey(listing)),
    getByTree: (stamp) => byFound(treeKey(stamp)),
    noteTree: (files, stamp) =>
      note(files, (options) => treeKey(stamp, options)),
    async put(files, index, listing) {
      const key = filesKey(files);
      if (!key) return;
      const columns = indexToColumns(index);
      const split = columns && splitTexts(columns);
      const apart = split && splitPostings(split.columns);
      // The texts and postings first: a snapshot is never kept without them.
      if (split && apart) {
        await blobs.put(TEXTS_KIND, key, split.payload);
        await blobs.put(POSTINGS_KIND, key, apart.payload);
      }
      const snapshot: Snapshot = {
        index: apart?.columns ?? index,
        columns: apart !== undefined,
        texts: split?.texts,
        postings: apart?.postings,
        copies: chunkCopies(index),
        authorship: fileAuthorship(index),
        counterparts: sparseLists(counterpartsOf(index)),
        dependencies: dependencyFacts(index.files),
      };
      await blobs.put(SNAPSHOT_KIND, key, serialize(snapshot));
      if (listing) await noteListing(files, listing);
    },
    noteListing,
  };
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
