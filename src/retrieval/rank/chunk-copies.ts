import { hash } from "node:crypto";
import type { RepositoryIndex } from "../index/index-repository.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";
import type { Chunk } from "../types.js";

/**
 * Chunks whose text appears, line for line, in another file: an
 * amalgamated single header built from the library's headers, a vendored
 * copy, a test fixture that pins an old version. The same code is equally
 * relevant wherever it is; ranking gives every copy the best copy's score,
 * and packing shows the text once and names the other places.
 */
export interface ChunkCopies {
  /** Chunk id → its group in `groups`, or -1 when its text is nowhere else. */
  groupOf: Int32Array;
  /** Chunk ids of each group, in index order; every group spans 2 files or more. */
  groups: number[][];
  /** Chunk id → the lines that are the copied text: the chunk without its blank lines at either end. */
  core: Map<number, [number, number]>;
}

/** Lines of one file that are, line for line, the text at lines `at` of `path`. */
export interface CopyPlace {
  /** The lines here, 1-based inclusive. */
  lines: [number, number];
  path: string;
  /** The same text there. */
  at: [number, number];
}

/** A copy of a chunk's text in another file, and that copy's chunk. */
export interface ChunkCopy extends CopyPlace {
  chunkId: number;
}

/** Text shorter than this (after trimming each line) is too common to call a copy: `}`, `#endif`, `return x;`. */
export const MIN_COPY_CHARS = 120;
/**
 * Text found in more files than this is boilerplate (a licence header, an
 * include guard pattern), not a copy of one piece of code.
 */
export const MAX_COPY_FILES = 4;

// Copies depend on the chunks alone: found once per index, however many
// questions it answers.
const copiesByIndex = new WeakMap<RepositoryIndex, ChunkCopies>();

/**
 * Groups the chunks of an index whose lines are the same, each line compared
 * without its leading and trailing whitespace (an amalgamation may indent
 * what it includes), blank lines included, so line i of one copy is line i
 * of every other. Built once per index.
 *
 * @example
 * const copies = chunkCopies(index);
 * copies.groups[copies.groupOf[id]] // [id, idOfTheSameCodeInTheSingleHeader]
 */
export function chunkCopies(index: RepositoryIndex): ChunkCopies {
  return runToEnd(chunkCopiesSteps(index));
}

// Chunks hashed between two pauses of `chunkCopiesSteps`.
const CHUNKS_PER_STEP = 512;

/**
 * `chunkCopies` in steps that pause every few hundred chunks: the first
 * question on an index hashes every chunk's text (see `Steps`).
 *
 * @example
 * const { groups } = await eventLoopSlices.run(chunkCopiesSteps(index));
 */
export function* chunkCopiesSteps(index: RepositoryIndex): Steps<ChunkCopies> {
  let found = copiesByIndex.get(index);
  if (!found) {
    found = groupCopies(index, yield* copyKeysSteps(index));
    copiesByIndex.set(index, found);
  }
  return found;
}

/**
 * Hands `chunkCopies` the copies of an index found earlier, by a process
 * that kept them with the index (the CLI's index snapshots), so they are
 * not found again.
 *
 * @example
 * rememberChunkCopies(loaded.index, loaded.copies);
 */
export function rememberChunkCopies(
  index: RepositoryIndex,
  copies: ChunkCopies,
): void {
  copiesByIndex.set(index, copies);
}

/**
 * The copies of a chunk's text in other files, with the lines of each side.
 *
 * @example
 * copiesOf(index, id)
 * // [{ chunkId: 5120, lines: [6, 11], path: "single_include/lib.hpp", at: [18012, 18017] }]
 */
export function copiesOf(index: RepositoryIndex, chunkId: number): ChunkCopy[] {
  const { groupOf, groups, core } = chunkCopies(index);
  const group = groupOf[chunkId] as number;
  if (group < 0) return [];
  const file = index.chunkFile[chunkId];
  const lines = core.get(chunkId) as [number, number];
  return (groups[group] as number[])
    .filter((other) => index.chunkFile[other] !== file)
    .map((other) => ({
      chunkId: other,
      lines,
      path: index.chunks[other]?.path as string,
      at: core.get(other) as [number, number],
    }));
}

/** A chunk's text as copies compare it: its hash, and the lines it spans without the blank ones at either end. */
export interface CopyKey {
  hash: string;
  core: [number, number];
}

/**
 * An index assembled again from the same files as `index`, where only some
 * were cut anew (a question's second stage parses the files it can reach):
 * the unchanged files' chunks keep their keys.
 */
export interface EarlierCopyKeys {
  index: RepositoryIndex;
  /** `index`'s keys, by chunk id (`copyKeysSteps`). */
  keys: readonly (CopyKey | undefined)[];
  /** Whether file f's chunks are, one for one, those of `index`'s file f. */
  unchanged: (fileId: number) => boolean;
}

/**
 * Every chunk's `CopyKey`, by chunk id (undefined: too short to call a
 * copy), hashing only the chunks `earlier` does not hold: hashing is
 * nearly all the work of finding copies (about 150 ms of a first question
 * on a 6,713-file checkout, once per stage).
 *
 * @example
 * const keys = yield* copyKeysSteps(second, { index: first, keys: firstKeys, unchanged: (f) => !parsed.has(f) });
 * rememberChunkCopies(second, groupCopies(second, keys));
 */
export function* copyKeysSteps(
  index: RepositoryIndex,
  earlier?: EarlierCopyKeys,
): Steps<(CopyKey | undefined)[]> {
  const keys: (CopyKey | undefined)[] = [];
  for (const file of index.files) {
    const before = earlier?.unchanged(file.id)
      ? earlier.index.files[file.id]
      : undefined;
    for (let k = 0; k < file.chunkCount; k++) {
      const id = file.firstChunk + k;
      if (id > 0 && id % CHUNKS_PER_STEP === 0) yield;
      keys.push(
        before
          ? earlier?.keys[before.firstChunk + k]
          : copyKey(index.chunks[id] as Chunk),
      );
    }
  }
  return keys;
}

function copyKey(chunk: Chunk): CopyKey | undefined {
  const lines = chunk.text.split("\n").map((line) => line.trim());
  let first = 0;
  let last = lines.length - 1;
  while (first < last && lines[first] === "") first++;
  while (last > first && lines[last] === "") last--;
  const normalized = lines.slice(first, last + 1).join("\n");
  if (normalized.length - (last - first) < MIN_COPY_CHARS) return undefined;
  return {
    // One call, no Hash object a chunk: this runs for every chunk of a cold
    // question's index (docs/architecture/overview.md, "What a cold
    // question spends").
    hash: hash("sha1", normalized, "base64"),
    core: [chunk.startLine + first, chunk.startLine + last],
  };
}

/**
 * The copies among an index's chunks, from their keys (`copyKeysSteps`).
 *
 * @example
 * rememberChunkCopies(index, groupCopies(index, yield* copyKeysSteps(index)));
 */
export function groupCopies(
  index: RepositoryIndex,
  keys: readonly (CopyKey | undefined)[],
): ChunkCopies {
  const byText = new Map<string, number[]>();
  for (const [id, key] of keys.entries()) {
    if (!key) continue;
    const same = byText.get(key.hash);
    if (same) same.push(id);
    else byText.set(key.hash, [id]);
  }
  const groupOf = new Int32Array(keys.length).fill(-1);
  const core = new Map<number, [number, number]>();
  const groups: number[][] = [];
  for (const ids of byText.values()) {
    if (ids.length < 2) continue;
    const files = new Set(ids.map((id) => index.chunkFile[id]));
    if (files.size < 2 || files.size > MAX_COPY_FILES) continue;
    for (const id of ids) groupOf[id] = groups.length;
    groups.push(ids);
  }
  // In chunk order, as a snapshot keeps it.
  for (const [id, key] of keys.entries())
    if (key && (groupOf[id] as number) >= 0) core.set(id, key.core);
  return { groupOf, groups, core };
}
