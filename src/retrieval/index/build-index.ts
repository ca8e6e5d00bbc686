import { loadGrammarsFor, type ChunkOptions } from "../chunks/chunk-file.js";
import type { SourceFile } from "../types.js";
import { lfText } from "../../text/lf-text.js";
import type { DerivedCache } from "./derived-cache.js";
import { deriveFile, type DerivedFile } from "./derive-file.js";
import {
  indexRepository,
  type IndexReuse,
  type RepositoryIndex,
} from "./index-repository.js";

/** Derives many files somewhere else at once (a `CpuPool`'s threads), in the order given. */
export type DeriveMany = (
  files: ReadonlyArray<{ path: string; text: string }>,
  options: ChunkOptions,
) => Promise<DerivedFile[]>;

export interface BuildIndexOptions {
  /** What indexing derived before, by blob: read from disk first, and only what it lacks is derived. */
  derived?: DerivedCache;
  /** Where what `derived` lacks is derived (none: in `index`, file by file). */
  deriveMany?: DeriveMany;
  /** How files are cut (none: `chunkFile`'s defaults); `derived` holds each cut apart. */
  chunk?: ChunkOptions;
}

/**
 * Indexes `files` with what is known of them: their derivations held by
 * `derived` (its blob store read first), the grammars they need loaded, and
 * those it lacks derived by `deriveMany` when given, so `index` (default
 * `indexRepository`; the app runs it in time slices) only assembles. Saving
 * the derivations is the caller's (the app does not wait for the disk, the
 * CLI does before it exits).
 *
 * @example
 * const index = await buildIndex(files, { derived, deriveMany: cpu.derive });
 * await derived.save();
 */
export async function buildIndex(
  files: readonly SourceFile[],
  options: BuildIndexOptions,
  index: (
    files: readonly SourceFile[],
    options: ChunkOptions,
    reuse: IndexReuse,
  ) => RepositoryIndex | Promise<RepositoryIndex> = indexRepository,
): Promise<RepositoryIndex> {
  const { derived, deriveMany } = options;
  const chunk = options.chunk ?? {};
  if (derived) await derived.load(files, chunk);
  await loadGrammarsFor(files);
  const reuse: IndexReuse = derived ? { derived } : {};
  if (deriveMany)
    reuse.deriveFile = await deriveElsewhere(deriveMany, files, derived, chunk);
  return index(files, chunk, reuse);
}

/**
 * Derives with `deriveMany` the files the cache lacks, and gives indexing a
 * `deriveFile` that hands out those derivations (and derives, in place, any
 * file it was not given one for).
 */
async function deriveElsewhere(
  deriveMany: DeriveMany,
  files: readonly SourceFile[],
  derived: DerivedCache | undefined,
  chunk: ChunkOptions,
): Promise<typeof deriveFile> {
  const lacking = derived ? derived.lacking(files, chunk) : files;
  const made = await deriveMany(
    lacking.map((file) => ({ path: file.path, text: lfText(file.text) })),
    chunk,
  );
  const byPath = new Map(lacking.map((file, i) => [file.path, made[i]]));
  return (file, options, counter) =>
    byPath.get(file.path) ?? deriveFile(file, options, counter);
}
