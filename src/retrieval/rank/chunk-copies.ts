import { createHash } from "node:crypto";
import type { RepositoryIndex } from "../index/index-repository.js";
import { runToEnd, type Steps } from "../../shared/time-slices.js";

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
    found = yield* findCopies(index);
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

function* findCopies(index: RepositoryIndex): Steps<ChunkCopies> {
  const byText = new Map<string, number[]>();
  const core = new Map<number, [number, number]>();
  for (const chunk of index.chunks) {
    if (chunk.id > 0 && chunk.id % CHUNKS_PER_STEP === 0) yield;
    const lines = chunk.text.split("\n").map((line) => line.trim());
    let first = 0;
    let last = lines.length - 1;
    while (first < last && lines[first] === "") first++;
    while (last > first && lines[last] === "") last--;
    const normalized = lines.slice(first, last + 1).join("\n");
    if (normalized.length - (last - first) < MIN_COPY_CHARS) continue;
    core.set(chunk.id, [chunk.startLine + first, chunk.startLine + last]);
    const key = createHash("sha1").update(normalized).digest("base64");
    const same = byText.get(key);
    if (same) same.push(chunk.id);
    else byText.set(key, [chunk.id]);
  }
  const groupOf = new Int32Array(index.chunks.length).fill(-1);
  const groups: number[][] = [];
  for (const ids of byText.values()) {
    if (ids.length < 2) continue;
    const files = new Set(ids.map((id) => index.chunkFile[id]));
    if (files.size < 2 || files.size > MAX_COPY_FILES) continue;
    for (const id of ids) groupOf[id] = groups.length;
    groups.push(ids);
  }
  for (const id of core.keys()) if (groupOf[id] === -1) core.delete(id);
  return { groupOf, groups, core };
}
