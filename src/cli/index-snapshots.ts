import { createHash } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import type { BlobStore } from "../cache/blob-store.js";
import type { RepositoryIndex } from "../retrieval/index/index-repository.js";
import {
  chunkCopies,
  rememberChunkCopies,
  type ChunkCopies,
} from "../retrieval/rank/chunk-copies.js";
import type { SourceFile } from "../retrieval/types.js";

/**
 * Whole indexes kept on disk by the exact files they index, so that a
 * question asked again on an unchanged checkout loads its index in one read
 * instead of assembling it from every file's derivation. On pylint (4,278
 * files) assembling took about 350 ms of a warm question and loading the
 * kept index about 50.
 */
export interface IndexSnapshots {
  /** The index kept for exactly these files (paths and blob SHAs), or undefined. */
  get(files: readonly SourceFile[]): Promise<RepositoryIndex | undefined>;
  /** Keeps `index` as the index of `files`; never throws for the disk's sake. */
  put(files: readonly SourceFile[], index: RepositoryIndex): Promise<void>;
}

// The blob store's kind; the format is V8's serialization of a `Snapshot`.
const SNAPSHOT_KIND = "index-snapshot:v1";

// The copies between chunks depend on the index alone, and finding them
// hashes every chunk (about 50 ms on pylint): they are kept with it.
interface Snapshot {
  index: RepositoryIndex;
  copies: ChunkCopies;
}

/**
 * Index snapshots in `blobs`, under a key that hashes the code that built
 * them (`buildId`), the V8 version that serialized them, and every file's
 * path and blob SHA: any change to one of them is a miss, never a stale
 * index. The blob store bounds them with everything else it keeps, least
 * recently used first, and checks each one's checksum on read.
 *
 * @example
 * const snapshots = createIndexSnapshots(blobs, readBuildId());
 * const index = (await snapshots.get(files)) ?? buildAndKeep(files);
 */
export function createIndexSnapshots(
  blobs: BlobStore,
  buildId: string,
): IndexSnapshots {
  const keyOf = (files: readonly SourceFile[]): string | undefined => {
    const hash = createHash("sha1")
      .update(buildId)
      .update("\0")
      .update(process.versions.v8)
      .update("\0");
    for (const file of [...files].sort(byPath)) {
      // A file read without a blob SHA cannot be told from another text.
      if (file.blobSha === undefined) return undefined;
      hash.update(`${file.path}\0${file.blobSha}\n`);
    }
    return hash.digest("hex");
  };

  return {
    async get(files) {
      const key = keyOf(files);
      const bytes = key && (await blobs.get(SNAPSHOT_KIND, key));
      if (!bytes) return undefined;
      try {
        const { index, copies } = deserialize(bytes) as Snapshot;
        // The key holds every path: a count that differs is a bug, not a hit.
        if (index.files.length !== files.length) return undefined;
        rememberChunkCopies(index, copies);
        return index;
      } catch {
        return undefined;
      }
    },
    async put(files, index) {
      const key = keyOf(files);
      if (!key) return;
      const snapshot: Snapshot = { index, copies: chunkCopies(index) };
      await blobs.put(SNAPSHOT_KIND, key, serialize(snapshot));
    },
  };
}

function byPath(a: SourceFile, b: SourceFile): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
