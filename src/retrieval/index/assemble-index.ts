import { Bm25Builder } from "./bm25-builder.js";
import type { DerivedFile } from "./derive-file.js";
import type { Bm25Index } from "./bm25-index.js";
import { pathTerms as termsOfPath } from "./path-terms.js";
import { fileKind, type FileKind } from "../../text/file-kind.js";
import type { Steps } from "../../shared/time-slices.js";
import type { Chunk } from "../types.js";
import { termNumbering, type Numbering } from "./term-numbering.js";

export interface IndexedFile {
  id: number;
  path: string;
  /** The text with CRLF line ends turned into LF; chunk texts are slices of it. */
  text: string;
  kind: FileKind;
  /** Lines in the file. */
  lineCount: number;
  /** The file's chunks are `chunks[firstChunk .. firstChunk + chunkCount)`, in line order. */
  firstChunk: number;
  chunkCount: number;
}

/**
 * Everything ranking needs about one set of files, built once per snapshot and
 * reusable for any number of questions.
 */
export interface RepositoryIndex {
  files: IndexedFile[];
  chunks: Chunk[];
  /** Chunk id → file id. */
  chunkFile: Uint32Array;
  bm25: Bm25Index;
  /** Terms per file (the sum over its chunks), for file-level BM25. */
  fileLength: Float64Array;
  avgFileLength: number;
  /** Lowercased declared name → ids of the chunks that declare it. */
  definitions: ReadonlyMap<string, number[]>;
  /** Path → file id. */
  byPath: Map<string, number>;
  /** Lowercased file name → file ids. */
  byName: ReadonlyMap<string, number[]>;
  /** Index term of a path's directory and file names ("fits", "fitsrec") → file ids. */
  pathTerms: ReadonlyMap<string, number[]>;
}

// Chunks whose file ids and lengths are tallied between two pauses.
const CHUNKS_PER_STEP = 16_384;

/** What an assembly may take rather than work out again (see `assembleIndexSteps`). */
export interface AssemblyReuse {
  /**
   * The builder that counted the derivations' terms (`deriveFile`'s
   * counter): the terms of a derivation it noted are numbered through
   * their ids there, each distinct term looked up once, not once a file.
   */
  counter?: Bm25Builder;
  /**
   * An index assembled before from the same files, in the same order (a
   * question's first stage), and which files' derivations are the very
   * ones it was assembled from: their chunks and the path tables are
   * taken from it, not made again.
   */
  earlier?: {
    index: RepositoryIndex;
    unchanged: (fileId: number) => boolean;
  };
  /**
   * Keeps how this assembly numbered `counter`'s terms, with the index,
   * for a later one given it as `earlier` (a question's second stage):
   * that one then takes this vocabulary whole while no term's id moves.
   */
  keepNumbering?: boolean;
}

// How the assemblies asked to keep it numbered their counter's terms.
const numberings = new WeakMap<RepositoryIndex, Numbering>();

/**
 * Assembles an index from each file's derivation (its chunks and term
 * counts, however they were cut): the BM25 postings over every chunk, the
 * definition table and the path tables. Pauses after each file and within
 * the postings' sort (see `Steps`). What `reuse` offers changes nothing in
 * the index, only the work: it equals the one assembled without it,
 * column for column, term ids and chunk ids included.
 *
 * @example
 * const index = runToEnd(assembleIndexSteps(files, texts, derivations));
 * const second = runToEnd(assembleIndexSteps(files, texts, changed, { counter, earlier: { index, unchanged } }));
 */
export function* assembleIndexSteps(
  files: ReadonlyArray<{ path: string }>,
  /** Each file's LF text, in the order of `files`. */
  texts: readonly string[],
  derivations: readonly DerivedFile[],
  reuse: AssemblyReuse = {},
): Steps<RepositoryIndex> {
  const { counter, earlier } = reuse;
  if (earlier && earlier.index.files.length !== files.length)
    throw new RangeError(
      `assembleIndexSteps: the earlier index has ${earlier.index.files.length} files, not the ${files.length} given`,
    );
  const indexed: IndexedFile[] = [];
  const chunks: Chunk[] = [];
  const definitions = new Map<string, number[]>();
  const tables = earlier ? undefined : pathTables();
  const builder = new Bm25Builder();
  const earlierNumbering = earlier && numberings.get(earlier.index);
  const terms = termNumbering(
    builder,
    counter,
    earlier &&
      earlierNumbering && {
        numbering: earlierNumbering,
        vocabulary: earlier.index.bm25.vocabulary,
      },
  );
  let postings = 0;
  for (const derived of derivations) postings += derived.termIndex.length;
  builder.reserve(postings);
  for (const [id, file] of files.entries()) {
    const firstChunk = chunks.length;
    const text = texts[id] as string;
    const derived = derivations[id] as DerivedFile;
    const termIds = terms.number(derived);
    const before = earlier?.unchanged(id)
      ? (earlier.index.files[id] as IndexedFile)
      : undefined;
    for (const [c, d] of derived.chunks.entries()) {
      const chunk = before
        ? movedChunk(
            earlier?.index.chunks[before.firstChunk + c] as Chunk,
            chunks.length,
          )
        : {
            id: chunks.length,
            fileId: id,
            path: file.path,
            startLine: d.startLine,
            endLine: d.endLine,
            text: text.slice(d.from, d.to),
            kind: d.kind,
            context: d.context,
            defines: d.defines,
            ...(d.outline ? { outline: d.outline } : {}),
          };
      chunks.push(chunk);
      for (const name of chunk.defines.length > 0
        ? new Set(chunk.defines.map((n) => n.toLowerCase()))
        : []) {
        const list = definitions.get(name);
        if (list) list.push(chunk.id);
        else definitions.set(name, [chunk.id]);
      }
      builder.addCounted(
        termIds,
        derived.termIndex,
        derived.termFreq,
        c === 0 ? 0 : (derived.termEnd[c - 1] as number),
        derived.termEnd[c] as number,
        derived.docLength[c] as number,
      );
    }
    const lastChunk = chunks[chunks.length - 1];
    const lineCount =
      chunks.length > firstChunk && lastChunk ? lastChunk.endLine : 0;
    const chunkCount = chunks.length - firstChunk;
    const kept = earlier?.index.files[id];
    indexed.push(
      kept &&
        kept.firstChunk === firstChunk &&
        kept.chunkCount === chunkCount &&
        kept.lineCount === lineCount
        ? kept
        : {
            id,
            path: file.path,
            text,
            kind: kept?.kind ?? fileKind(file.path),
            lineCount,
            firstChunk,
            chunkCount,
          },
    );
    tables?.add(file.path, id);
    yield;
  }

  const numbered = terms.finish();
  const bm25 = yield* builder.finishSteps(numbered.vocabulary);
  const chunkFileIds = new Uint32Array(chunks.length);
  const fileLength = new Float64Array(indexed.length);
  for (const chunk of chunks) {
    chunkFileIds[chunk.id] = chunk.fileId;
    fileLength[chunk.fileId] =
      (fileLength[chunk.fileId] ?? 0) + (bm25.docLength[chunk.id] ?? 0);
    if ((chunk.id + 1) % CHUNKS_PER_STEP === 0) yield;
  }
  let total = 0;
  for (const l of fileLength) total += l;
  const index: RepositoryIndex = {
    files: indexed,
    chunks,
    chunkFile: chunkFileIds,
    bm25,
    fileLength,
    avgFileLength: indexed.length > 0 ? total / indexed.length : 0,
    definitions,
    // The same files in the same order have the same path tables.
    ...(earlier
      ? {
          byPath: earlier.index.byPath,
          byName: earlier.index.byName,
          pathTerms: earlier.index.pathTerms,
        }
      : (tables as PathTables).tables),
  };
  if (reuse.keepNumbering && numbered.numbering)
    numberings.set(index, numbered.numbering);
  return index;
}

/** The chunk at a new place in the index: itself when its id is the same. */
function movedChunk(chunk: Chunk, id: number): Chunk {
  if (chunk.id === id) return chunk;
  return {
    id,
    fileId: chunk.fileId,
    path: chunk.path,
    startLine: chunk.startLine,
    endLine: chunk.endLine,
    text: chunk.text,
    kind: chunk.kind,
    context: chunk.context,
    defines: chunk.defines,
    ...(chunk.outline ? { outline: chunk.outline } : {}),
  };
}

interface PathTables {
  add(path: string, id: number): void;
  tables: Pick<RepositoryIndex, "byPath" | "byName" | "pathTerms">;
}

/** The tables that find files by path, file name and path term, filled a file at a time. */
function pathTables(): PathTables {
  const byPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const pathTerms = new Map<string, number[]>();
  return {
    add(path, id) {
      byPath.set(path, id);
      const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
      const same = byName.get(name);
      if (same) same.push(id);
      else byName.set(name, [id]);
      for (const term of termsOfPath(path)) {
        const list = pathTerms.get(term);
        if (list) list.push(id);
        else pathTerms.set(term, [id]);
      }
    },
    tables: { byPath, byName, pathTerms },
  };
}
