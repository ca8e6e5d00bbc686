import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { RepositoryIndex } from "./index-repository.js";

/**
 * Builds an index, or returns undefined when what it read must not be kept
 * (a large repository read as search candidates: that file set depends on
 * the question).
 */
export type IndexBuild = () => Promise<RepositoryIndex | undefined>;

/**
 * Built repository indexes by installation, repository, commit and exclude
 * configuration. A commit's files never change and they are read through the
 * same redaction, so its index serves every question on it; only question
 * analysis, ranking and packing run per question.
 */
export interface IndexCache {
  /**
   * The index under `key`: the one held, the one a concurrent caller is
   * building (one build, shared), or the one `build` makes now. A build that
   * fails or returns undefined is not kept, so the next question builds again.
   */
  obtain(key: string, build: IndexBuild): Promise<RepositoryIndex | undefined>;
  /** The estimated bytes the held indexes take (see `indexBytes`). */
  readonly heldBytes: number;
}

/**
 * A process-wide cache of built indexes, bounded by their estimated memory
 * (`indexBytes`); the least recently used index goes first. An index larger
 * than the whole bound is used for its question and not kept.
 *
 * @example
 * const indexes = createIndexCache({ maxBytes: 512 * 1024 * 1024 });
 * await indexes.obtain(indexKey({ namespace, owner, repo, sha, excludePaths }), async () => indexRepository(files));
 */
export function createIndexCache(options: { maxBytes: number }): IndexCache {
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1)
    throw new RangeError(
      `createIndexCache: maxBytes must be a whole number of bytes of at least 1, not ${options.maxBytes}`,
    );
  const cache = new LRUCache<string, RepositoryIndex, IndexBuild>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: indexBytes,
    // lru-cache keeps one fetch per key in flight and hands it to every
    // caller; undefined and a rejection store nothing.
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    obtain: (key, build) => cache.fetch(key, { context: build }),
    get heldBytes() {
      return cache.calculatedSize;
    },
  };
}

/**
 * The cache key of a repository read whole at one commit: the installation
 * first, so one installation never gets another's index; then the repository,
 * the commit, and a hash of the exclude patterns (hidden files are not in the
 * index). The chunking code cannot change under an in-memory cache, so no
 * format version is needed.
 *
 * @example
 * indexKey({ namespace: "installation:42", owner: "octo-org", repo: "hello-world", sha, excludePaths: ["docs/**"] })
 * // "installation:42 octo-org/hello-world@7fd1a60… exclude:3f2a… repository"
 */
export function indexKey(input: {
  namespace: string;
  owner: string;
  repo: string;
  sha: string;
  excludePaths: readonly string[];
}): string {
  const exclude = createHash("sha256")
    .update(JSON.stringify(input.excludePaths))
    .digest("hex")
    .slice(0, 16);
  return `${input.namespace} ${input.owner}/${input.repo}@${input.sha} exclude:${exclude} repository`;
}

// Rough per-object costs in V8 (a Map entry, an object with a dozen fields,
// an array slot); the estimate needs the right order of magnitude, not bytes.
const MAP_ENTRY_BYTES = 80;
const CHUNK_OBJECT_BYTES = 200;
const FILE_OBJECT_BYTES = 150;

/**
 * An estimate of the memory an index holds: file texts and chunk texts (at
 * two bytes a character, although V8 keeps chunk texts as slices of the file
 * and ASCII at one byte: this errs high), declaration paths and names, the
 * postings and other typed arrays, the vocabulary and the lookup tables, plus
 * a fixed cost per object.
 *
 * @example
 * indexBytes(indexRepository(files)) // ≈ 4 × the files' text for typical code
 */
export function indexBytes(index: RepositoryIndex): number {
  let bytes = 0;
  for (const file of index.files)
    bytes += FILE_OBJECT_BYTES + 2 * (file.text.length + file.path.length);
  for (const chunk of index.chunks) {
    bytes +=
      CHUNK_OBJECT_BYTES + 2 * (chunk.text.length + chunk.context.length);
    for (const name of chunk.defines) bytes += 2 * name.length + 16;
  }
  const { bm25 } = index;
  bytes +=
    bm25.docLength.byteLength +
    bm25.start.byteLength +
    bm25.docs.byteLength +
    bm25.tfs.byteLength +
    index.chunkFile.byteLength +
    index.fileLength.byteLength;
  for (const term of bm25.vocabulary.keys())
    bytes += MAP_ENTRY_BYTES + 2 * term.length;
  for (const table of [index.definitions, index.byName, index.pathTerms])
    for (const [name, ids] of table)
      bytes += MAP_ENTRY_BYTES + 2 * name.length + 8 * ids.length;
  bytes += MAP_ENTRY_BYTES * index.byPath.size;
  return Math.max(1, Math.ceil(bytes));
}
