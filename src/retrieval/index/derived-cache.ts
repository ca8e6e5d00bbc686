import { LRUCache } from "lru-cache";
import type { BlobStore } from "../../cache/blob-store.js";
import {
  chunkedWithoutGrammar,
  type ChunkOptions,
} from "../chunks/chunk-file.js";
import type { DerivedFile } from "./derive-file.js";
import {
  decodeDerivedFile,
  DERIVED_KIND,
  encodeDerivedFile,
} from "./derived-file-format.js";
import { chunkerFor } from "../chunks/chunk-file.js";
import type { SourceFile } from "../types.js";

/**
 * What indexing derived from files (chunks and term counts, no text), by
 * the git blob SHA of the text, how it is cut (`chunkerFor`) and the chunk options: a new
 * commit re-derives only the files that changed. In memory (bounded by
 * bytes) and, with a blob store, on disk across restarts.
 *
 * A blob's text can differ by path only through secret redaction, which
 * keeps line counts; the entry's text length is checked, and chunk texts
 * are always cut from the text being indexed, so a stale entry could only
 * shift term counts, never show a line.
 */
export interface DerivedCache {
  /** The held derivation of `file` (with `text` its LF text), or the one `derive` makes now (then kept). */
  obtain(
    file: SourceFile,
    text: string,
    options: ChunkOptions,
    derive: () => DerivedFile,
  ): DerivedFile;
  /** The files of `files` whose derivation is not held in memory (what `obtain` would derive now). */
  lacking<T extends SourceFile>(
    files: readonly T[],
    options: ChunkOptions,
  ): T[];
  /** Reads from disk the entries of `files` not held in memory (no-op without a blob store). */
  load(files: readonly SourceFile[], options: ChunkOptions): Promise<void>;
  /** Writes to disk what was derived since the last save (no-op without a blob store). */
  save(): Promise<void>;
  /** Estimated bytes held in memory (see `derivedBytes`). */
  readonly heldBytes: number;
}

export interface DerivedCacheOptions {
  /** The most bytes held in memory; the least recently used entries go first. */
  maxBytes: number;
  /** Where entries also go, under kind `DERIVED_KIND`, so a restart re-derives nothing. */
  blobs?: BlobStore;
}

/**
 * A process-wide cache of derived files.
 *
 * @example
 * const derived = createDerivedCache({ maxBytes: 256 * 1024 * 1024, blobs });
 * await derived.load(files, {});
 * const index = indexRepository(files, {}, { derived });
 * await derived.save();
 */
export function createDerivedCache(options: DerivedCacheOptions): DerivedCache {
  if (!Number.isInteger(options.maxBytes) || options.maxBytes < 1)
    throw new RangeError(
      `createDerivedCache: maxBytes must be a whole number of bytes of at least 1, not ${options.maxBytes}`,
    );
  const cache = new LRUCache<string, DerivedFile>({
    maxSize: options.maxBytes,
    maxEntrySize: options.maxBytes,
    sizeCalculation: derivedBytes,
  });
  const { blobs } = options;
  // Derived since the last save, for the disk: sha → bytes' source.
  let unsaved = new Map<string, { derived: DerivedFile; options: string }>();

  return {
    obtain(file, text, chunkOptions, derive) {
      if (file.blobSha === undefined) return derive();
      const optionsKey = JSON.stringify(chunkOptions);
      const key = cacheKey(file.blobSha, file.path, optionsKey);
      const held = cache.get(key);
      if (held && held.textLength === text.length) return held;
      const derived = derive();
      if (chunkedWithoutGrammar(file.path)) return derived;
      cache.set(key, derived);
      if (blobs && optionsKey === "{}")
        unsaved.set(file.blobSha, { derived, options: optionsKey });
      return derived;
    },
    lacking(files, chunkOptions) {
      const optionsKey = JSON.stringify(chunkOptions);
      return files.filter((file) => {
        if (file.blobSha === undefined) return true;
        const held = cache.peek(cacheKey(file.blobSha, file.path, optionsKey));
        return held?.textLength !== lfLength(file.text);
      });
    },
    async load(files, chunkOptions) {
      if (!blobs) return;
      const optionsKey = JSON.stringify(chunkOptions);
      const missing = files.filter(
        (f) =>
          f.blobSha !== undefined &&
          !cache.has(cacheKey(f.blobSha, f.path, optionsKey)),
      );
      await forEachLimited(missing, 16, async (file) => {
        const sha = file.blobSha as string;
        const bytes = await blobs.get(DERIVED_KIND, sha);
        if (!bytes) return;
        const derived = decodeDerivedFile(bytes, {
          chunker: chunkerFor(file.path),
          options: optionsKey,
          textLength: lfLength(file.text),
        });
        if (derived) cache.set(cacheKey(sha, file.path, optionsKey), derived);
      });
    },
    async save() {
      if (!blobs) return;
      const pending = unsaved;
      unsaved = new Map();
      await forEachLimited([...pending], 16, ([sha, entry]) =>
        blobs.put(
          DERIVED_KIND,
          sha,
          encodeDerivedFile(entry.derived, entry.options),
        ),
      );
    },
    get heldBytes() {
      return cache.calculatedSize;
    },
  };
}

function cacheKey(sha: string, path: string, options: string): string {
  return `${sha} ${chunkerFor(path)} ${options}`;
}

/** Characters of `text` once CRLF line ends are LF, as indexing reads it. */
function lfLength(text: string): number {
  let crlf = 0;
  for (let i = text.indexOf("\r\n"); i >= 0; i = text.indexOf("\r\n", i + 2))
    crlf++;
  return text.length - crlf;
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
}

// Rough per-object costs in V8, as in index-cache.ts.
const CHUNK_OBJECT_BYTES = 120;
const ARRAY_SLOT_BYTES = 8;

/**
 * An estimate of the memory a derived file holds: its chunk records with
 * their declaration paths and names, its terms (their strings are shared
 * with other files' only within one indexing run, so counted in full) and
 * typed arrays.
 *
 * @example
 * derivedBytes(deriveFile(file, {}, new Bm25Builder())) // ≈ 1.7 × the file's text for typical code (bench:index-scale)
 */
export function derivedBytes(derived: DerivedFile): number {
  let bytes = 200;
  for (const chunk of derived.chunks) {
    bytes += CHUNK_OBJECT_BYTES + 2 * chunk.context.length;
    for (const name of chunk.defines) bytes += 2 * name.length + 24;
  }
  for (const term of derived.terms)
    bytes += ARRAY_SLOT_BYTES + 24 + term.length;
  bytes +=
    derived.termEnd.byteLength +
    derived.termIndex.byteLength +
    derived.termFreq.byteLength +
    derived.docLength.byteLength;
  return Math.ceil(bytes);
}
